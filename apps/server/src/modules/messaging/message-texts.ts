import i18next, { type TFunction } from 'i18next';

/**
 * What the server writes to people (SMS and e-mail), in the languages it writes. The text leaves the
 * server, so it cannot be an i18n key the web resolves; it goes through i18next all the same, so
 * counts follow each language's plural rules ("1 minute", "3 minutes"; Korean and Chinese have one
 * form). Keys ending in `_one` / `_other` are the plural forms of one message.
 */
const RESOURCES = {
  ko: {
    purpose: { LOGIN: '로그인', REGISTER: '회원가입', RESET: '비밀번호 재설정', NEW_IP: '새 기기 확인' },
    code: {
      body_other: '[{{brand}}] {{what}} 인증번호 {{code}} ({{count}}분 이내 입력)',
      subject: '[{{brand}}] {{what}} 인증번호',
      ignore: '본인이 요청하지 않았다면 이 메시지를 무시하세요.',
    },
    reset: {
      subject: '[{{brand}}] 비밀번호 재설정',
      body_other:
        '아래 링크에서 새 비밀번호를 설정하세요 ({{count}}분 이내, 한 번만 사용 가능).\n\n{{link}}\n\n' +
        '본인이 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
    },
    registered: '[{{brand}}] 이 번호로 이미 가입된 계정이 있습니다. 로그인하거나 비밀번호를 재설정하세요.',
  },
  en: {
    purpose: { LOGIN: 'Login', REGISTER: 'Sign-up', RESET: 'Password reset', NEW_IP: 'New device' },
    code: {
      body_one: '[{{brand}}] {{what}} code {{code}} (enter within {{count}} minute)',
      body_other: '[{{brand}}] {{what}} code {{code}} (enter within {{count}} minutes)',
      subject: '[{{brand}}] Your {{whatLower}} code',
      ignore: 'If you did not ask for this code, ignore this message.',
    },
    reset: {
      subject: '[{{brand}}] Reset your password',
      body_one:
        'Set a new password with the link below (valid for {{count}} minute, once).\n\n{{link}}\n\n' +
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      body_other:
        'Set a new password with the link below (valid for {{count}} minutes, once).\n\n{{link}}\n\n' +
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    registered: '[{{brand}}] This number already has an account. Sign in or reset your password.',
  },
  zh: {
    purpose: { LOGIN: '登录', REGISTER: '注册', RESET: '重置密码', NEW_IP: '新设备验证' },
    code: {
      body_other: '[{{brand}}] {{what}}验证码 {{code}}（{{count}}分钟内输入）',
      subject: '[{{brand}}] {{what}}验证码',
      ignore: '如果这不是您本人的操作，请忽略此消息。',
    },
    reset: {
      subject: '[{{brand}}] 重置密码',
      body_other:
        '请通过以下链接设置新密码（{{count}}分钟内有效，仅可使用一次）。\n\n{{link}}\n\n' +
        '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
    },
    registered: '[{{brand}}] 此号码已注册账户。请登录或重置密码。',
  },
} as const;

export const MESSAGE_LANGUAGES = ['ko', 'en', 'zh'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(Object.entries(RESOURCES).map(([lng, t]) => [lng, { translation: t }])),
  lng: 'ko',
  fallbackLng: 'ko',
  supportedLngs: [...MESSAGE_LANGUAGES],
  initAsync: false,
  // Plain text for SMS and e-mail bodies: nothing is HTML-escaped.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The message texts in one language. */
export const messageTexts = (language: MessageLanguage): TFunction => instance.getFixedT(language);
