/**
 * Names of the codes the console shows (staff roles, wallet kinds, promotion kinds and states, game
 * states, ledger transfer kinds the player site does not name), per language. `labels.ts` reads
 * them; the player site's own names (game categories, transaction types) come from its locale files.
 */
type Names = Record<string, string>;
export interface LabelTexts {
  role: Names;
  walletKind: Names;
  txKind: Names;
  promoKind: Names;
  claimMode: Names;
  promoState: Names;
  catalogueStatus: Names;
  adjustmentStatus: Names;
  memberStatus: Names;
  /** The rewards set-up's codes (decision 074): mall items, redemptions, missions, wagering, bonuses. */
  reward: Record<RewardCodeGroup, Names>;
}
export type RewardCodeGroup =
  | 'mallKind'
  | 'redeemStatus'
  | 'missionPeriod'
  | 'missionKind'
  | 'wageringBase'
  | 'deposits'
  | 'bonusStatus'
  | 'bonusSource';

export const labelsEn: LabelTexts = {
  role: { owner: 'Owner', admin: 'Admin', finance: 'Finance', support: 'Support', content: 'Content', risk: 'Risk' },
  walletKind: {
    MEMBER_MAIN: 'Main wallet',
    MEMBER_VENDOR: 'Game wallet',
    MEMBER_POINTS: 'Points',
    MEMBER_TRIAL: 'Trial credit',
    MEMBER_HOLD: 'Withdrawals on hold',
    MEMBER_BONUS: 'Bonus wallet',
  },
  txKind: {
    VENDOR_TRANSFER_IN: 'From a game wallet',
    VENDOR_TRANSFER_OUT: 'To a game wallet',
    VENDOR_PLAY: 'Game wallet result',
    BONUS_ISSUED: 'Bonus issued',
    SALARY: 'Salary',
    DIVIDEND: 'Dividend',
    COMMISSION: 'Commission',
  },
  promoKind: {
    NEW_MEMBER: 'New member',
    DEPOSIT_MATCH: 'Deposit match',
    RELOAD: 'Reload',
    CASHBACK: 'Cashback',
    RAFFLE: 'Raffle',
    APPLY: 'On application',
  },
  claimMode: { AUTO: 'Automatic', CLAIM: 'Player claims', APPLY: 'Player applies' },
  promoState: { RUNNING: 'Running', SCHEDULED: 'Scheduled', ENDED: 'Ended', OFF: 'Off' },
  catalogueStatus: { COMING: 'Coming soon', HIDDEN: 'Hidden', LIVE: 'Live', MAINTENANCE: 'Maintenance' },
  adjustmentStatus: { PENDING: 'Waiting for approval', APPLIED: 'Applied', REJECTED: 'Rejected' },
  memberStatus: { ACTIVE: 'Active', DISABLED: 'Locked' },
  reward: {
    mallKind: { CASH: 'Cash', BONUS: 'Bonus with wagering', GOODS: 'Goods', CONVERT: 'Points to cash' },
    redeemStatus: { PROCESS: 'In process', APPROVED: 'Approved', REJECTED: 'Rejected' },
    missionPeriod: { DAILY: 'Daily', WEEKLY: 'Weekly' },
    missionKind: {
      DEPOSIT: 'Deposit an amount',
      VALID_BET: 'Valid bet',
      ROUNDS: 'Rounds played',
      SIGN_IN_DAYS: 'Days signed in',
    },
    wageringBase: { BONUS: 'The bonus', BONUS_AND_DEPOSIT: 'Bonus plus deposit' },
    deposits: { FIRST: 'First deposit only', EACH: 'Each deposit' },
    bonusStatus: { ACTIVE: 'Wagering', RELEASED: 'Released', FORFEITED: 'Cancelled', EXPIRED: 'Expired' },
    bonusSource: {
      PROMOTION: 'Promotion',
      POINTS_MALL: 'Points mall',
      STAFF: 'Granted by staff',
      REFERRAL: 'Referral',
    },
  },
};

export const labelsKo: LabelTexts = {
  role: { owner: '소유자', admin: '관리자', finance: '재무', support: '고객지원', content: '콘텐츠', risk: '리스크' },
  walletKind: {
    MEMBER_MAIN: '메인 지갑',
    MEMBER_VENDOR: '게임 지갑',
    MEMBER_POINTS: '포인트',
    MEMBER_TRIAL: '체험 머니',
    MEMBER_HOLD: '출금 보류',
    MEMBER_BONUS: '보너스 지갑',
  },
  txKind: {
    VENDOR_TRANSFER_IN: '게임 지갑에서 이체',
    VENDOR_TRANSFER_OUT: '게임 지갑으로 이체',
    VENDOR_PLAY: '게임 지갑 결과',
    BONUS_ISSUED: '보너스 지급',
    SALARY: '급여',
    DIVIDEND: '배당',
    COMMISSION: '커미션',
  },
  promoKind: {
    NEW_MEMBER: '신규 회원',
    DEPOSIT_MATCH: '입금 보너스',
    RELOAD: '재충전',
    CASHBACK: '캐시백',
    RAFFLE: '추첨',
    APPLY: '신청형',
  },
  claimMode: { AUTO: '자동 지급', CLAIM: '회원 수령', APPLY: '회원 신청' },
  promoState: { RUNNING: '진행 중', SCHEDULED: '예정', ENDED: '종료', OFF: '꺼짐' },
  catalogueStatus: { COMING: '출시 예정', HIDDEN: '숨김', LIVE: '운영 중', MAINTENANCE: '점검 중' },
  adjustmentStatus: { PENDING: '승인 대기', APPLIED: '적용됨', REJECTED: '거절됨' },
  memberStatus: { ACTIVE: '활성', DISABLED: '잠김' },
  reward: {
    mallKind: { CASH: '현금', BONUS: '롤링 보너스', GOODS: '상품', CONVERT: '포인트 현금 전환' },
    redeemStatus: { PROCESS: '처리 중', APPROVED: '승인됨', REJECTED: '거절됨' },
    missionPeriod: { DAILY: '일일', WEEKLY: '주간' },
    missionKind: { DEPOSIT: '입금 금액', VALID_BET: '유효 베팅', ROUNDS: '게임 횟수', SIGN_IN_DAYS: '출석 일수' },
    wageringBase: { BONUS: '보너스', BONUS_AND_DEPOSIT: '보너스와 입금액' },
    deposits: { FIRST: '첫 입금만', EACH: '매 입금' },
    bonusStatus: { ACTIVE: '롤링 중', RELEASED: '전환됨', FORFEITED: '취소됨', EXPIRED: '만료됨' },
    bonusSource: { PROMOTION: '프로모션', POINTS_MALL: '포인트몰', STAFF: '직원 지급', REFERRAL: '친구 추천' },
  },
};

export const labelsZh: LabelTexts = {
  role: { owner: '所有者', admin: '管理员', finance: '财务', support: '客服', content: '内容', risk: '风控' },
  walletKind: {
    MEMBER_MAIN: '主钱包',
    MEMBER_VENDOR: '游戏钱包',
    MEMBER_POINTS: '积分',
    MEMBER_TRIAL: '试玩金',
    MEMBER_HOLD: '提款冻结',
    MEMBER_BONUS: '奖金钱包',
  },
  txKind: {
    VENDOR_TRANSFER_IN: '从游戏钱包转入',
    VENDOR_TRANSFER_OUT: '转入游戏钱包',
    VENDOR_PLAY: '游戏钱包结果',
    BONUS_ISSUED: '发放奖金',
    SALARY: '工资',
    DIVIDEND: '分红',
    COMMISSION: '佣金',
  },
  promoKind: {
    NEW_MEMBER: '新会员',
    DEPOSIT_MATCH: '存款奖金',
    RELOAD: '再存款',
    CASHBACK: '返水',
    RAFFLE: '抽奖',
    APPLY: '申请制',
  },
  claimMode: { AUTO: '自动发放', CLAIM: '会员领取', APPLY: '会员申请' },
  promoState: { RUNNING: '进行中', SCHEDULED: '已排期', ENDED: '已结束', OFF: '已关闭' },
  catalogueStatus: { COMING: '即将上线', HIDDEN: '已隐藏', LIVE: '运营中', MAINTENANCE: '维护中' },
  adjustmentStatus: { PENDING: '等待审批', APPLIED: '已生效', REJECTED: '已拒绝' },
  memberStatus: { ACTIVE: '正常', DISABLED: '已锁定' },
  reward: {
    mallKind: { CASH: '现金', BONUS: '带流水的奖金', GOODS: '实物', CONVERT: '积分兑现' },
    redeemStatus: { PROCESS: '处理中', APPROVED: '已批准', REJECTED: '已拒绝' },
    missionPeriod: { DAILY: '每日', WEEKLY: '每周' },
    missionKind: { DEPOSIT: '存款金额', VALID_BET: '有效投注', ROUNDS: '游戏局数', SIGN_IN_DAYS: '登录天数' },
    wageringBase: { BONUS: '奖金', BONUS_AND_DEPOSIT: '奖金加存款' },
    deposits: { FIRST: '仅首存', EACH: '每次存款' },
    bonusStatus: { ACTIVE: '流水中', RELEASED: '已转出', FORFEITED: '已取消', EXPIRED: '已过期' },
    bonusSource: { PROMOTION: '优惠活动', POINTS_MALL: '积分商城', STAFF: '员工发放', REFERRAL: '推荐好友' },
  },
};
