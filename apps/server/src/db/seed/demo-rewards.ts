import { sql } from 'kysely';
import type { Executor } from '../client.ts';

/** Rebate rates of the demo site (decision 071), in hundredths of a percent. */
export const DEMO_REBATE_RATES: Record<string, number> = {
  RNG: 80,
  LIVE: 50,
  SPORTS: 40,
  FISH: 60,
  MINI: 30,
};

/** The demo points ratio (decision 072): 1 point per ₩10 of valid bet; 1 point converts to ₩0.01. */
export const DEMO_POINTS = { earnPerMillion: 1000, convertRate: 1 };

const t = (ko: [string, string], en: [string, string], zh: [string, string]) => ({
  ko: { name: ko[0], description: ko[1] },
  en: { name: en[0], description: en[1] },
  zh: { name: zh[0], description: zh[1] },
});

/** The demo mall: a cash voucher, a bonus, and goods staff review (one cheap enough for a first round). */
const DEMO_MALL = [
  {
    kind: 'GOODS',
    texts: t(
      ['행운 스티커 팩', '오로라 플레이 스티커 5종. 직원 확인 후 발송됩니다.'],
      ['Lucky sticker pack', 'Five Aurora Play stickers, posted once staff confirm.'],
      ['幸运贴纸包', '5 款 Aurora Play 贴纸，员工确认后寄出。'],
    ),
    points: 50,
    amount: 0,
    wagering: 0,
    stock: 100,
    limit: 2,
  },
  {
    kind: 'CASH',
    texts: t(
      ['₩1,000 현금 쿠폰', '메인 지갑에 바로 입금됩니다.'],
      ['₩1,000 cash voucher', 'Paid to your main wallet at once.'],
      ['₩1,000 现金券', '立即存入主钱包。'],
    ),
    points: 1000,
    amount: 100000,
    wagering: 0,
    stock: null,
    limit: null,
  },
  {
    kind: 'BONUS',
    texts: t(
      ['₩5,000 보너스', '보너스 잔액에 지급되며 3배 롤링 후 출금할 수 있습니다.'],
      ['₩5,000 bonus', 'Credited to your bonus balance; withdrawable after 3× wagering.'],
      ['₩5,000 红利', '存入红利余额，完成 3 倍流水后可提款。'],
    ),
    points: 4000,
    amount: 500000,
    wagering: 3,
    stock: null,
    limit: 5,
  },
  {
    kind: 'GOODS',
    texts: t(
      ['오로라 텀블러', '한정판 보온 텀블러. 직원 확인 후 발송됩니다.'],
      ['Aurora tumbler', 'Limited-edition insulated tumbler, posted once staff confirm.'],
      ['Aurora 保温杯', '限量版保温杯，员工确认后寄出。'],
    ),
    points: 20000,
    amount: 0,
    wagering: 0,
    stock: 20,
    limit: 1,
  },
] as const;

/** The demo site's missions (decision 073): two daily, two weekly. */
const DEMO_MISSIONS = [
  {
    period: 'DAILY',
    kind: 'SIGN_IN_DAYS',
    gameType: null,
    target: 1,
    reward: 50000,
    ko: '오늘 로그인',
    en: 'Sign in today',
    zh: '今日登录',
  },
  {
    period: 'DAILY',
    kind: 'ROUNDS',
    gameType: 'RNG',
    target: 10,
    reward: 100000,
    ko: '슬롯 10판',
    en: 'Play 10 slot rounds',
    zh: '老虎机 10 局',
  },
  {
    period: 'WEEKLY',
    kind: 'DEPOSIT',
    gameType: null,
    target: 5000000,
    reward: 300000,
    ko: '이번 주 ₩50,000 입금',
    en: 'Deposit ₩50,000 this week',
    zh: '本周存款 ₩50,000',
  },
  {
    period: 'WEEKLY',
    kind: 'SIGN_IN_DAYS',
    gameType: null,
    target: 5,
    reward: 500000,
    ko: '5일 출석',
    en: 'Sign in on 5 days',
    zh: '登录 5 天',
  },
] as const;

/** The demo site's rebate rates, points ratio, mall items and missions. */
export async function seedDemoRewards(trx: Executor): Promise<void> {
  for (const [gameType, rateBp] of Object.entries(DEMO_REBATE_RATES))
    await sql`INSERT INTO rebate_rate (game_type, rate_bp) VALUES (${gameType}, ${rateBp})`.execute(trx);
  await sql`
    UPDATE points_config SET earn_per_million = ${DEMO_POINTS.earnPerMillion}, convert_rate = ${DEMO_POINTS.convertRate}
     WHERE id = 1`.execute(trx);
  for (const [sort, i] of DEMO_MALL.entries())
    await sql`
      INSERT INTO mall_item (kind, texts, points, amount, wagering_multiple, stock, member_limit, sort)
      VALUES (${i.kind}, ${JSON.stringify(i.texts)}::jsonb, ${i.points}, ${i.amount}, ${i.wagering}, ${i.stock},
              ${i.limit}, ${sort})`.execute(trx);
  for (const [sort, m] of DEMO_MISSIONS.entries()) {
    const texts = JSON.stringify({ ko: { title: m.ko }, en: { title: m.en }, zh: { title: m.zh } });
    await sql`
      INSERT INTO mission (period, kind, game_type, target, reward, texts, sort)
      VALUES (${m.period}, ${m.kind}, ${m.gameType}, ${m.target}, ${m.reward}, ${texts}::jsonb, ${sort})`.execute(trx);
  }
}
