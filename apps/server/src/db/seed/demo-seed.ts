import { encryptCustomerServiceUrl } from '@portal/contracts/site/customer-service-cipher.ts';
import { FIELD_PATTERNS, type PatternId } from '@portal/contracts/site/field-patterns.ts';
import type { Db } from '../client.ts';
import { DEFAULT_MAINTENANCE, DEFAULT_REGION_RESTRICTION } from '../../modules/ops/ops.defaults.ts';
import { settingsRepository } from '../../modules/site/settings.repository.ts';
import { seedDemoPromotions } from './demo-promotions.ts';
import { seedDemoRewards } from './demo-rewards.ts';

/** The demo white-label site loaded into an empty database. All names and art are this project's own. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Migrations may add settings of their own; the site counts as set up once it has its white-label row.
    const settings = settingsRepository(trx);
    if (await settings.has('whitelabel')) return false;

    await settings.put('whitelabel', {
      siteName: 'Aurora Play',
      merchantCode: 'AURORA',
      logoUrl: '/assets/brand/logo.svg',
      faviconUrl: '/assets/brand/favicon.svg',
      loaderUrl: '/assets/brand/loader.svg',
      licenceLine: 'Licensed and regulated by the Aurora Isles Gaming Authority, licence no. AIGA-2023-0417.',
      copyrightYear: 2023,
      ageLimit: 18,
      defaultLanguage: 'ko',
      gtagId: null,
      mainDomain: 'aurora-play.example',
    });
    await settings.put('register', { minimumAge: 18, affiliateCheck: true });
    // The customer-service window opens the live chat (decision 057).
    await settings.put('customer_service', await encryptCustomerServiceUrl('/livechat'));
    await settings.put('maintenance', DEFAULT_MAINTENANCE);
    await settings.put('region_restriction', DEFAULT_REGION_RESTRICTION);

    const modules: [string, string | null, boolean][] = [
      ['SITE', null, true],
      ['REGISTER', 'SITE', true],
      ['DIRECT_REGISTER', 'REGISTER', true],
      ['MOBILE_REGISTER', 'REGISTER', true],
      ['SMS_VERIFICATION', 'REGISTER', true],
      ['MOBILE_PASSWORD_REGISTER', 'REGISTER', true],
      ['LOGIN', 'SITE', true],
      ['SMS_LOGIN', 'LOGIN', true],
      ['FREE_PLAY', 'LOGIN', true],
      ['FORCE_CHANGE_PASSWORD', 'LOGIN', true],
      ['FIREBASE_SMS', 'LOGIN', false],
      ['GOOGLE_LOGIN', 'LOGIN', false],
      ['FACEBOOK_LOGIN', 'LOGIN', false],
      ['PASSWORD', 'SITE', true],
      ['CHNGPASSVERIF3', 'PASSWORD', true],
      ['CHNGPASSMAIL3', 'PASSWORD', true],
      ['AGENT', 'SITE', true],
      ['AGENT_DIVIDEND', 'AGENT', true],
      ['AGENT_DAILY_SALARY', 'AGENT', true],
      ['AGENT_HOURLY_SALARY', 'AGENT', true],
      ['AGENT_REALTIME_SALARY', 'AGENT', true],
      ['WALLET', 'SITE', true],
      ['TRANSFER_UPLINE', 'WALLET', true],
    ];
    await trx
      .insertInto('module')
      .values(modules.map(([modId, parentId, enabled], sort) => ({ modId, parentId, enabled, sort })))
      .execute();

    await trx
      .insertInto('resource')
      .values(
        [
          ['FACEBOOK', 'Facebook', 'Facebook', 'https://facebook.com/auroraplay.example'],
          ['YOUTUBE', 'YouTube', 'YouTube', 'https://youtube.com/@auroraplay.example'],
          ['TELEGRAM', 'Telegram', 'Telegram', 'https://t.me/auroraplay_example'],
          ['KAKAOTALK', '카카오톡', 'KakaoTalk', 'https://pf.kakao.com/_auroraplay'],
          ['APP_IOS', 'iOS 앱', 'iOS app', '/download?platform=ios'],
          ['APP_ANDROID', 'Android 앱', 'Android app', '/download?platform=android'],
          ['CUSTOMER_SERVICE', '고객센터', 'Customer service', '/helpmc?topic=contact'],
          ['HELP', '도움말', 'Help centre', '/help'],
        ].map(([resourceType, name, labelNameEn, url], sort) => ({
          resourceType: resourceType!,
          name: name!,
          labelNameEn: labelNameEn!,
          url: url!,
          sort,
        })),
      )
      .execute();

    const fields: [string, boolean, boolean, PatternId, number | null, number | null][] = [
      ['username', true, true, 'LETTER_FIRST_ALNUM', 4, 16],
      ['password', true, true, 'ALNUM_MIXED', 6, 20],
      ['confirmPassword', true, true, 'ANY', 6, 20],
      ['mobileNum', true, false, 'DIGITS', 7, 15],
      ['email', true, false, 'EMAIL', 5, 64],
      ['nickname', true, false, 'NO_SPACES', 2, 16],
      ['payeeName', false, false, 'ANY', 2, 40],
      ['fullname', false, false, 'FULLNAME_SPACE', 3, 60],
      ['birthday', false, false, 'DATE_YMD', 10, 10],
      ['qqNum', false, false, 'DIGITS', 5, 12],
      ['line', false, false, 'NO_SPACES', 2, 40],
      ['whatsapp', false, false, 'DIGITS', 7, 15],
      ['facebook', false, false, 'NO_SPACES', 2, 60],
      ['wechat', false, false, 'NO_SPACES', 2, 40],
      ['telegram', false, false, 'NO_SPACES', 2, 40],
      ['zalo', false, false, 'DIGITS', 7, 15],
      ['idNumber', false, false, 'ALNUM', 6, 20],
      ['address', false, false, 'ANY', 5, 200],
      ['nationality', false, false, 'LETTERS_SPACES', 2, 40],
      ['occupation', false, false, 'ANY', 2, 60],
      ['sourceOfIncome', false, false, 'ANY', 2, 60],
      ['paymentPassword', false, false, 'DIGITS', 6, 6],
      ['affiliateCode', true, false, 'ALNUM', 4, 16],
      ['verificationCode', true, true, 'DIGITS', 4, 255],
    ];
    await trx
      .insertInto('registrationField')
      .values(
        fields.map(([field, enabled, required, patternId, minLength, maxLength], sort) => ({
          field,
          enabled,
          required,
          patternId,
          acceptedPattern: FIELD_PATTERNS[patternId],
          minLength,
          maxLength,
          sort,
        })),
      )
      .execute();

    const languages: [string, string, string][] = [
      ['ko', 'Korean', '한국어'],
      ['en', 'English', 'English'],
      ['zh', 'Chinese', '中文'],
      ['ja', 'Japanese', '日本語'],
      ['vi', 'Vietnamese', 'Tiếng Việt'],
      ['th', 'Thai', 'ไทย'],
      ['id', 'Indonesian', 'Bahasa Indonesia'],
      ['ms', 'Malay', 'Bahasa Melayu'],
      ['km', 'Khmer', 'ខ្មែរ'],
      ['lo', 'Lao', 'ລາວ'],
      ['my', 'Burmese', 'မြန်မာ'],
      ['hi', 'Hindi', 'हिन्दी'],
      ['bn', 'Bengali', 'বাংলা'],
      ['ta', 'Tamil', 'தமிழ்'],
      ['te', 'Telugu', 'తెలుగు'],
      ['ur', 'Urdu', 'اردو'],
      ['ar', 'Arabic', 'العربية'],
      ['fa', 'Persian', 'فارسی'],
      ['tr', 'Turkish', 'Türkçe'],
      ['ru', 'Russian', 'Русский'],
      ['uk', 'Ukrainian', 'Українська'],
      ['pl', 'Polish', 'Polski'],
      ['de', 'German', 'Deutsch'],
      ['fr', 'French', 'Français'],
      ['es', 'Spanish', 'Español'],
      ['pt', 'Portuguese', 'Português'],
      ['it', 'Italian', 'Italiano'],
      ['nl', 'Dutch', 'Nederlands'],
      ['sv', 'Swedish', 'Svenska'],
      ['no', 'Norwegian', 'Norsk'],
      ['da', 'Danish', 'Dansk'],
      ['fi', 'Finnish', 'Suomi'],
      ['el', 'Greek', 'Ελληνικά'],
      ['cs', 'Czech', 'Čeština'],
      ['hu', 'Hungarian', 'Magyar'],
      ['ro', 'Romanian', 'Română'],
      ['bg', 'Bulgarian', 'Български'],
      ['he', 'Hebrew', 'עברית'],
      ['tl', 'Filipino', 'Filipino'],
      ['mn', 'Mongolian', 'Монгол'],
    ];
    const enabledLanguages = new Set(['ko', 'en']);
    await trx
      .insertInto('language')
      .values(
        languages.map(([code, name, nativeName], sort) => ({
          code,
          name,
          nativeName,
          enabled: enabledLanguages.has(code),
          sort,
        })),
      )
      .execute();

    const countries: [string, string, string][] = [
      ['KR', '82', 'South Korea'],
      ['US', '1', 'United States'],
      ['CN', '86', 'China'],
      ['JP', '81', 'Japan'],
      ['VN', '84', 'Vietnam'],
      ['TH', '66', 'Thailand'],
      ['PH', '63', 'Philippines'],
      ['MY', '60', 'Malaysia'],
      ['ID', '62', 'Indonesia'],
      ['SG', '65', 'Singapore'],
      ['KH', '855', 'Cambodia'],
      ['LA', '856', 'Laos'],
      ['MM', '95', 'Myanmar'],
      ['HK', '852', 'Hong Kong'],
      ['TW', '886', 'Taiwan'],
      ['MO', '853', 'Macao'],
      ['IN', '91', 'India'],
      ['AU', '61', 'Australia'],
      ['NZ', '64', 'New Zealand'],
      ['GB', '44', 'United Kingdom'],
      ['CA', '1', 'Canada'],
      ['DE', '49', 'Germany'],
      ['FR', '33', 'France'],
      ['BR', '55', 'Brazil'],
      ['MN', '976', 'Mongolia'],
    ];
    await trx
      .insertInto('country')
      .values(countries.map(([countryCode, dialingCode, name], sort) => ({ countryCode, dialingCode, name, sort })))
      .execute();

    const vendors: [string, string, 'SEAMLESS' | 'TRANSFER', string[]][] = [
      ['HOUSE', 'Aurora Originals', 'SEAMLESS', ['RNG', 'MINI', 'LIVE', 'FISH']],
      ['VAULT', 'Vault Gaming', 'TRANSFER', ['RNG', 'MINI', 'PVP']],
      ['NEONLIVE', 'Neon Live', 'SEAMLESS', ['LIVE']],
      ['TCG_LOTTO', 'TCG Lotto', 'SEAMLESS', ['LOTT', 'ELOTT']],
      ['JADE', 'Jade Cards', 'SEAMLESS', ['PVP']],
      ['REEF', 'Reef Hunters', 'SEAMLESS', ['FISH']],
    ];
    await trx
      .insertInto('vendor')
      .values(
        vendors.map(([id, name, mode], sort) => ({
          id,
          name,
          mode,
          // Vault Gaming, the demo transfer-mode vendor, runs in-process: its wallet page works from day one.
          status: id === 'VAULT' ? ('LIVE' as const) : ('COMING' as const),
          logoUrl: `/assets/vendors/${id.toLowerCase()}.svg`,
          sort,
        })),
      )
      .execute();
    await trx
      .insertInto('vendorCategory')
      .values(
        vendors.flatMap(([vendorId, , , categories], sort) =>
          categories.map((category) => ({ vendorId, category, sort })),
        ),
      )
      .execute();

    // The words are text laid over words-free art, with a crop of the art for phones (decision 025).
    type Words = [subtitle: string, title: string, ctaLabel: string];
    const banners: { key: string; url: string; ko: Words; en: Words }[] = [
      {
        key: 'welcome',
        url: '/promotions',
        ko: ['신규 회원', '웰컴 보너스 100%', '지금 받기'],
        en: ['New members', 'Welcome bonus 100%', 'Claim now'],
      },
      {
        key: 'slots',
        url: '/rng',
        ko: ['오로라 오리지널', '공정성이 증명된 슬롯', '지금 스핀'],
        en: ['Aurora Originals', 'Provably fair slots', 'Spin now'],
      },
      {
        key: 'live',
        url: '/live',
        ko: ['실시간 딜러 · 24시간', '라이브 카지노 테이블', '테이블 입장'],
        en: ['Real dealers · 24/7', 'Live casino tables', 'Join a table'],
      },
    ];
    await trx
      .insertInto('banner')
      .values(
        banners.flatMap((b, sort) =>
          (['ko', 'en'] as const).map((language) => ({
            groupName: 'w_home',
            language,
            subtitle: b[language][0],
            title: b[language][1],
            ctaLabel: b[language][2],
            imageUrl: `/assets/banners/${b.key}.svg`,
            mobileImageUrl: `/assets/banners/${b.key}-mobile.svg`,
            url: b.url,
            linkageType: 'INTERNAL' as const,
            sort,
          })),
        ),
      )
      .execute();

    // One row per announcement (type, execution, text key), its title and content per language.
    const announcements: ['PL' | 'PU' | 'PR' | 'H', 'A' | 'B' | 'F', string][] = [
      ['PL', 'B', 'open'],
      ['PL', 'B', 'maintenance'],
      ['PL', 'B', 'serviceHours'],
      ['PU', 'B', 'welcomeVisitor'],
      ['PU', 'A', 'thisWeek'],
      ['PU', 'F', 'firstLogin'],
      ['PR', 'B', 'welcomeBonus'],
      ['PR', 'B', 'dailyRebate'],
      ['H', 'B', 'howToRegister'],
      ['H', 'B', 'depositsAndWithdrawals'],
      ['H', 'B', 'responsibleGaming'],
    ];
    const announcementText: Record<'ko' | 'en', Record<string, [title: string, content: string]>> = {
      ko: {
        open: ['오로라 플레이 오픈', '오로라 플레이가 새롭게 문을 열었습니다. 책임감 있는 게임을 즐기세요.'],
        maintenance: ['정기 점검 안내', '매주 화요일 05:00–06:00(KST)에 정기 점검이 진행됩니다.'],
        serviceHours: ['고객센터 운영 시간', '고객센터는 연중무휴 24시간 운영됩니다.'],
        welcomeVisitor: ['방문을 환영합니다', '<p>가입하고 <b>웰컴 보너스</b>를 받으세요.</p>'],
        thisWeek: ['이번 주 이벤트', '<p>슬롯 토너먼트가 진행 중입니다.</p>'],
        firstLogin: ['첫 로그인을 환영합니다', '<p>보안 센터에서 출금 비밀번호를 설정하세요.</p>'],
        welcomeBonus: ['웰컴 보너스 100%', '첫 입금 금액의 100%를 보너스로 드립니다.'],
        dailyRebate: ['매일 리베이트', '매일 베팅 금액에 따라 리베이트가 지급됩니다.'],
        howToRegister: ['회원 가입 방법', '아이디 또는 휴대폰 번호로 가입할 수 있습니다.'],
        depositsAndWithdrawals: ['입금 및 출금', '회원 센터에서 입금과 출금을 신청하세요.'],
        responsibleGaming: ['책임감 있는 게임', '게임은 오락입니다. 한도를 정하고 지키세요.'],
      },
      en: {
        open: ['Aurora Play is open', 'Aurora Play has opened its doors. Please play responsibly.'],
        maintenance: ['Scheduled maintenance', 'Scheduled maintenance runs every Tuesday 05:00–06:00 (KST).'],
        serviceHours: ['Customer service hours', 'Customer service is open 24 hours a day, every day.'],
        welcomeVisitor: ['Welcome, visitor', '<p>Sign up and claim your <b>welcome bonus</b>.</p>'],
        thisWeek: ['This week', '<p>The slots tournament is running.</p>'],
        firstLogin: ['Welcome aboard', '<p>Set your payment password in the security centre.</p>'],
        welcomeBonus: ['100% welcome bonus', 'We match your first deposit 100%.'],
        dailyRebate: ['Daily rebate', 'A rebate on every day’s bets.'],
        howToRegister: ['How to register', 'Register with a username or with your mobile number.'],
        depositsAndWithdrawals: [
          'Deposits and withdrawals',
          'Request deposits and withdrawals from the member centre.',
        ],
        responsibleGaming: ['Responsible gaming', 'Gaming is entertainment. Set limits and keep them.'],
      },
    };
    await trx
      .insertInto('announcement')
      .values(
        announcements.flatMap(([type, execution, key], sort) =>
          (['ko', 'en'] as const).map((language) => {
            const [title, content] = announcementText[language][key]!;
            return { type, execution, language, title, content, sort };
          }),
        ),
      )
      .execute();

    await trx
      .insertInto('domainRouter')
      .values([
        { domain: 'aurora-play.example', route: 'MEMBER', merchantCode: 'AURORA', main: true },
        { domain: 'agent.aurora-play.example', route: 'AGENT', merchantCode: 'AURORA', main: false },
        { domain: 'm.aurora-play.example', route: 'MOBILE', merchantCode: 'AURORA', main: false },
      ])
      .execute();

    await seedDemoPromotions(trx);
    await seedDemoRewards(trx);

    // An empty host means this site's own origin; an operator adds CDN origins here.
    await trx
      .insertInto('cdnHost')
      .values([
        { kind: 'IMAGE', url: '', sort: 0 },
        { kind: 'LAUNCH', url: '', sort: 0 },
      ])
      .execute();
    return true;
  });
}
