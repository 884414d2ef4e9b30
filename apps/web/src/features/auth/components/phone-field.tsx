import type { CountryCode } from '@portal/contracts/site/site.contract.ts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldFrame } from '../../../components/ui/field.tsx';
import { flagImageUrl } from '../lib/flag-image.ts';

/** Country picker (flag and dialing code) and the mobile number, with the error underneath. */
export function PhoneField({
  label,
  countries,
  dialCode,
  onDialCode,
  value,
  onValue,
  onBlur,
  error,
  requiredMark,
  autoComplete = 'tel-national',
  trailing,
}: {
  label: string;
  countries: CountryCode[];
  dialCode: string;
  onDialCode: (code: string) => void;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  error?: string | null | undefined;
  requiredMark?: boolean;
  autoComplete?: string;
  trailing?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  const options = countries.length > 0 ? countries : [{ countryCode: 'KR', countryDialingCode: dialCode, name: '' }];
  const selected = options.find((c) => c.countryDialingCode === dialCode) ?? options[0];
  const flag = selected ? flagImageUrl(selected.countryCode) : null;
  return (
    <FieldFrame id={id} label={label} requiredMark={requiredMark} error={error}>
      <div className="phone-field">
        <div className="field__control phone-field__country">
          {flag ? (
            <img
              className="phone-field__flag"
              src={flag}
              alt=""
              width={20}
              height={15}
              data-testid="country-flag"
              data-country={selected?.countryCode}
            />
          ) : null}
          <select
            className="phone-field__select"
            aria-label={t('fields.country')}
            value={dialCode}
            onChange={(event) => onDialCode(event.target.value)}
            data-testid="country-select"
          >
            {options.map((c) => (
              <option key={`${c.countryCode}-${c.countryDialingCode}`} value={c.countryDialingCode}>
                {`+${c.countryDialingCode} ${c.countryCode}`}
              </option>
            ))}
          </select>
        </div>
        <div className="field__control phone-field__number">
          <input
            id={id}
            className="field__input"
            type="tel"
            inputMode="tel"
            name="mobileNum"
            autoComplete={autoComplete}
            value={value}
            onChange={(event) => onValue(event.target.value.replace(/[^\d]/g, ''))}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error)}
          />
          {trailing}
        </div>
      </div>
    </FieldFrame>
  );
}
