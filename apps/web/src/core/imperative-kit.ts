import './antd-render';

// biome-ignore lint/style/noRestrictedImports: the one place the toast is loaded, for core/feedback.ts and its queue
export { Dialog, Toast } from 'antd-mobile';
