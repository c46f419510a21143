import './antd-render';

export { Dialog, Toast } from 'antd-mobile';
