import { type FormProps, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../ui/NavBar';
import { PixelLogo } from '../../ui/PixelLogo';
import { Screen } from '../../ui/Screen';
import './auth.css';
import { AppForm } from '../../ui/AppForm';

/** The top of a sign-in screen: the mark, what this page is for, one line of help. */
export function AuthIntro({ heading, text }: { heading: string; text: string }) {
  return (
    <div className="auth-intro">
      <PixelLogo size={52} />
      <h1>{heading}</h1>
      <p>{text}</p>
    </div>
  );
}

/** A sign-in screen: its header, the intro, then the screen's own sections. */
export function AuthScreen({
  title,
  heading,
  text,
  children,
}: {
  title: string;
  heading: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Screen>
      <NavBar title={title} />
      <AuthIntro heading={heading} text={text} />
      {children}
    </Screen>
  );
}

/** The forms of the sign-in screens: labels above the fields, on one card. */
export function AuthForm(props: FormProps) {
  return <AppForm layout="vertical" mode="card" className="auth-form" {...props} />;
}

/** A password field with a show/hide toggle; `value`/`onChange` come from the Form.Item. */
export function PasswordInput({
  value,
  onChange,
  placeholder,
  autoComplete,
}: {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <Input
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={shown ? t('authUi.fields.hidePassword') : t('authUi.fields.showPassword')}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
