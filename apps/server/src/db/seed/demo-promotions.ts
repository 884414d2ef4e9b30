import type { PromotionRules } from '@portal/contracts/rewards/rewards.contract.ts';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';

type Texts = Record<'ko' | 'en' | 'zh', { title: string; summary: string; content: string }>;

/** Slots count in full, live tables a fifth, sports half: a common operator split. */
const WEIGHTS = { RNG: 100, FISH: 100, MINI: 100, LIVE: 20, SPORTS: 50, '*': 100 };

/**
 * The demo site's promotions (issue 17): every one needs a click, an application or a staff
 * decision, so nothing is credited behind a test's back. Amounts in minor units of KRW.
 */
export const DEMO_PROMOTIONS: {
  code: string;
  kind: 'NEW_MEMBER' | 'DEPOSIT_MATCH' | 'RELOAD' | 'CASHBACK' | 'RAFFLE' | 'APPLY';
  claimMode: 'CLAIM' | 'APPLY';
  newMemberDays: number | null;
  rules: PromotionRules;
  texts: Texts;
}[] = [
  {
    code: 'WELCOME',
    kind: 'NEW_MEMBER',
    claimMode: 'CLAIM',
    newMemberDays: 30,
    rules: { amount: '1000000', wageringMultiple: 5, wageringBase: 'BONUS', gameWeights: WEIGHTS, validDays: 14 },
    texts: {
      ko: {
        title: '신규 회원 웰컴 보너스 ₩10,000',
        summary: '가입 후 30일 안에 받으세요. 보너스 금액의 5배를 베팅하면 메인 지갑으로 전환됩니다.',
        content:
          '<p>가입 후 30일 이내 한 번 받을 수 있습니다.</p><ul><li>롤링: 보너스의 5배</li><li>슬롯·피시·미니게임 100%, 라이브 20%, 스포츠 50% 반영</li><li>유효 기간 14일</li></ul>',
      },
      en: {
        title: 'New-member welcome bonus ₩10,000',
        summary: 'Claim it within 30 days of registering. Wager 5× the bonus and it moves to your main wallet.',
        content:
          '<p>One claim per member within 30 days of registering.</p><ul><li>Wagering: 5× the bonus</li><li>Slots, fish and mini games count 100%, live 20%, sports 50%</li><li>Valid for 14 days</li></ul>',
      },
      zh: {
        title: '新会员欢迎奖金 ₩10,000',
        summary: '注册后 30 天内领取。完成奖金 5 倍流水后转入主钱包。',
        content:
          '<p>注册后 30 天内每位会员可领取一次。</p><ul><li>流水：奖金的 5 倍</li><li>老虎机、捕鱼、小游戏计 100%，真人 20%，体育 50%</li><li>有效期 14 天</li></ul>',
      },
    },
  },
  {
    code: 'FIRST_DEPOSIT',
    kind: 'DEPOSIT_MATCH',
    claimMode: 'CLAIM',
    newMemberDays: null,
    rules: {
      ratePercent: 100,
      maxBonus: '10000000',
      minDeposit: '1000000',
      deposits: 'FIRST',
      wageringMultiple: 10,
      wageringBase: 'BONUS_AND_DEPOSIT',
      gameWeights: WEIGHTS,
      validDays: 30,
    },
    texts: {
      ko: {
        title: '첫 입금 100% 보너스 (최대 ₩100,000)',
        summary: '첫 입금(₩10,000 이상)의 100%를 드립니다. 롤링은 (보너스 + 입금액)의 10배입니다.',
        content:
          '<p>첫 입금 후 받기 버튼을 누르세요.</p><ul><li>최대 ₩100,000</li><li>롤링을 채우기 전에는 입금액을 출금할 수 없습니다</li></ul>',
      },
      en: {
        title: '100% first-deposit bonus (up to ₩100,000)',
        summary: 'We match your first deposit (₩10,000 or more) 100%. Wagering: 10× bonus plus deposit.',
        content:
          '<p>Press Claim after your first deposit.</p><ul><li>Up to ₩100,000</li><li>The deposit stays locked against withdrawal until the wagering is met</li></ul>',
      },
      zh: {
        title: '首存 100% 奖金（最高 ₩100,000）',
        summary: '首笔存款（₩10,000 以上）赠送 100%。流水为（奖金 + 存款）的 10 倍。',
        content: '<p>首存后点击领取。</p><ul><li>最高 ₩100,000</li><li>完成流水前存款不可提取</li></ul>',
      },
    },
  },
  {
    code: 'RELOAD',
    kind: 'RELOAD',
    claimMode: 'CLAIM',
    newMemberDays: null,
    rules: {
      ratePercent: 20,
      maxBonus: '5000000',
      minDeposit: '2000000',
      wageringMultiple: 5,
      wageringBase: 'BONUS',
      gameWeights: WEIGHTS,
      validDays: 7,
    },
    texts: {
      ko: {
        title: '재충전 20% 보너스',
        summary: '두 번째 입금부터 ₩20,000 이상 입금마다 20% (최대 ₩50,000).',
        content: '<p>입금마다 한 번씩 받을 수 있습니다. 롤링: 보너스의 5배.</p>',
      },
      en: {
        title: '20% reload bonus',
        summary: 'From your second deposit: 20% of each deposit of ₩20,000 or more (up to ₩50,000).',
        content: '<p>One claim per deposit. Wagering: 5× the bonus.</p>',
      },
      zh: {
        title: '20% 续存奖金',
        summary: '从第二笔存款起，每笔 ₩20,000 以上的存款赠送 20%（最高 ₩50,000）。',
        content: '<p>每笔存款可领取一次。流水：奖金的 5 倍。</p>',
      },
    },
  },
  {
    code: 'CASHBACK',
    kind: 'CASHBACK',
    claimMode: 'CLAIM',
    newMemberDays: null,
    rules: {
      ratePercent: 5,
      maxBonus: '20000000',
      minDeposit: '1000000',
      wageringMultiple: 1,
      wageringBase: 'BONUS',
      gameWeights: WEIGHTS,
      validDays: 7,
    },
    texts: {
      ko: {
        title: '매일 5% 캐시백',
        summary: '어제 순손실(₩10,000 이상)의 5%를 오늘 받으세요. 롤링 1배.',
        content: '<p>하루 한 번, 전날(한국 시간) 순손실 기준입니다.</p>',
      },
      en: {
        title: 'Daily 5% cashback',
        summary: 'Get 5% of yesterday’s net loss (₩10,000 or more) back today. Wagering 1×.',
        content: '<p>Once a day, on the previous day’s net loss (Korean time).</p>',
      },
      zh: {
        title: '每日 5% 返水',
        summary: '今天领取昨日净亏损（₩10,000 以上）的 5%。流水 1 倍。',
        content: '<p>每天一次，按前一天（韩国时间）的净亏损计算。</p>',
      },
    },
  },
  {
    code: 'LUCKY_DRAW',
    kind: 'RAFFLE',
    claimMode: 'CLAIM',
    newMemberDays: null,
    rules: {
      prizes: [
        { amount: '100000', weight: 60 },
        { amount: '500000', weight: 30 },
        { amount: '2000000', weight: 9 },
        { amount: '10000000', weight: 1 },
      ],
      wageringMultiple: 3,
      wageringBase: 'BONUS',
      gameWeights: WEIGHTS,
      validDays: 7,
    },
    texts: {
      ko: {
        title: '럭키 드로우',
        summary: '한 번 뽑고 ₩1,000에서 ₩100,000까지 받으세요.',
        content: '<p>회원당 한 번. 당첨 확률: ₩1,000 60%, ₩5,000 30%, ₩20,000 9%, ₩100,000 1%.</p>',
      },
      en: {
        title: 'Lucky draw',
        summary: 'Draw once and win from ₩1,000 up to ₩100,000.',
        content: '<p>Once per member. Odds: ₩1,000 60%, ₩5,000 30%, ₩20,000 9%, ₩100,000 1%.</p>',
      },
      zh: {
        title: '幸运抽奖',
        summary: '抽一次，赢取 ₩1,000 至 ₩100,000。',
        content: '<p>每位会员一次。概率：₩1,000 60%，₩5,000 30%，₩20,000 9%，₩100,000 1%。</p>',
      },
    },
  },
  {
    code: 'BIG_WIN_STORY',
    kind: 'APPLY',
    claimMode: 'APPLY',
    newMemberDays: null,
    rules: { amount: '2000000', wageringMultiple: 1, wageringBase: 'BONUS', gameWeights: WEIGHTS, validDays: 7 },
    texts: {
      ko: {
        title: '빅윈 인증 이벤트',
        summary: '빅윈 화면을 캡처해 신청하면 심사 후 ₩20,000을 드립니다.',
        content: '<p>설명(140자 이내)과 이미지 최대 3장(png/jpg, 5MB)을 보내 주세요.</p>',
      },
      en: {
        title: 'Share your big win',
        summary: 'Send a screenshot of a big win; once staff approve it you get ₩20,000.',
        content: '<p>Send a comment (up to 140 characters) and up to 3 images (png/jpg, 5 MB each).</p>',
      },
      zh: {
        title: '大奖晒单活动',
        summary: '提交大奖截图，审核通过后赠送 ₩20,000。',
        content: '<p>请提交说明（140 字以内）和最多 3 张图片（png/jpg，5MB）。</p>',
      },
    },
  },
];

export async function seedDemoPromotions(trx: Executor): Promise<void> {
  for (const [sort, p] of DEMO_PROMOTIONS.entries())
    await sql`
      INSERT INTO promotion (code, kind, claim_mode, texts, rules, new_member_days, sort)
      VALUES (${p.code}, ${p.kind}, ${p.claimMode}, ${JSON.stringify(p.texts)}::jsonb, ${JSON.stringify(p.rules)}::jsonb,
              ${p.newMemberDays}, ${sort})`.execute(trx);
}
