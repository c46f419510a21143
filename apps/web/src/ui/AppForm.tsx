import { Form, type FormProps } from 'antd-mobile';

/**
 * antd-mobile's types leave out `noValidate`, though its Form hands it on to the `<form>`
 * element. Spread in last, it cannot be turned off by a caller.
 */
const NO_BROWSER_VALIDATION: Record<string, unknown> = { noValidate: true };

/**
 * The app's form: antd-mobile's, with the browser's own validation off. The app's rules check
 * every field and say what is wrong once, under the field; the browser's bubbles ("include an
 * @") would sit over that message (issue 15).
 */
export function AppForm(props: FormProps) {
  return <Form {...props} {...NO_BROWSER_VALIDATION} />;
}
