import type { CountryCode } from '@portal/contracts/site/site.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../../../components/ui/field.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { requestSmsCode } from '../api/auth-api.ts';
import { PhoneField } from './phone-field.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

export const DEFAULT_DIAL_CODE = '82';
/** Spec §5: the number is checked before a code is sent. */
export const MOBILE_PATTERN = /^\d{6,15}$/;

/**
 * The phone a code is sent to (dialing code and number) and the code typed back, as a sign-in or a
 * reset by phone keeps them. `checkMobile` checks the number (its error goes to `onMobileError`);
 * `send` checks it, then asks for a code with the bot check shown through `setStage`. Why a code
 * could not be sent stays in `warning` (SmsWarningDialog) until `closeWarning`.
 */
export function useSmsPhone({
  purpose,
  setStage,
  onMobileError,
  remembered,
}: {
  purpose: 'login' | 'reset';
  setStage: (stage: 'verifying' | 'sending' | null) => void;
  onMobileError: (error: string | undefined) => void;
  remembered?: { mobileNum?: string | undefined; countryDialingCode?: string | undefined } | null | undefined;
}) {
  const { t } = useTranslation('auth');
  const [dialCode, setDialCode] = useState(remembered?.countryDialingCode ?? DEFAULT_DIAL_CODE);
  const [mobile, setMobile] = useState(remembered?.mobileNum ?? '');
  const [code, setCode] = useState('');
  const [warning, setWarning] = useState<string | null>(null);

  const mobileError = () =>
    !mobile ? t('validation.required') : MOBILE_PATTERN.test(mobile) ? undefined : t('validation.mobile');
  const checkMobile = (): boolean => {
    const error = mobileError();
    onMobileError(error);
    return !error;
  };

  return {
    dialCode,
    setDialCode,
    mobile,
    code,
    /** The number's binding for PhoneField, with the error the form keeps for it. */
    mobileField: (error: string | undefined): FieldBinding => ({ value: mobile, onValue: setMobile, error }),
    /** The code's binding for SmsCodeField, likewise. */
    codeField: (error: string | undefined): FieldBinding => ({ value: code, onValue: setCode, error }),
    mobileError,
    checkMobile,
    warning,
    closeWarning: () => setWarning(null),
    send: async (): Promise<number | null> => {
      if (!checkMobile()) return null;
      try {
        return await requestSmsCode(purpose, { mobileNum: mobile, countryDialingCode: dialCode }, setStage);
      } catch (error) {
        setWarning(localizeError(error));
        return null;
      } finally {
        setStage(null);
      }
    },
  };
}

export type SmsPhone = ReturnType<typeof useSmsPhone>;

/** The mobile number (with its country) and the SMS code sent to it, with the button that sends it. */
export function SmsPhoneFields({
  phone,
  countries,
  errors,
  requiredMark,
}: {
  phone: SmsPhone;
  countries: CountryCode[];
  errors: { mobileNum?: string | undefined; verificationCode?: string | undefined };
  requiredMark?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PhoneField
        label={t('fields.mobile')}
        countries={countries}
        dialCode={phone.dialCode}
        onDialCode={phone.setDialCode}
        {...phone.mobileField(errors.mobileNum)}
        requiredMark={requiredMark}
      />
      <SmsCodeField {...phone.codeField(errors.verificationCode)} onSend={phone.send} requiredMark={requiredMark} />
    </>
  );
}
