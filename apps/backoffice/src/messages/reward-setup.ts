/** Texts of the rebate, points mall and mission tabs of the promotions screen (issue 17, decisions 071–073). */
export const rewardSetupEn = {
  rebateTab: 'Rebate rates',
  rebateLead:
    'Percent of each valid bet paid back as rebate, per game category (up to 10 %). A new rate applies to bets placed from now on; members claim what accrued on the rebate page.',
  rebateCategory: 'Game category',
  rebateRate: 'Rate %',
  rebateUpdated: 'Changed',
  rebateRateInvalid: 'A rate between 0 and 10 with at most two decimals.',
};
export type RewardSetupMessages = typeof rewardSetupEn;

export const rewardSetupKo: RewardSetupMessages = {
  rebateTab: '리베이트 요율',
  rebateLead:
    '게임 분류별로 유효 베팅의 몇 %를 리베이트로 돌려줄지 정합니다 (최대 10 %). 새 요율은 지금부터의 베팅에 적용되며, 회원은 쌓인 리베이트를 리베이트 화면에서 받습니다.',
  rebateCategory: '게임 분류',
  rebateRate: '요율 %',
  rebateUpdated: '변경 시각',
  rebateRateInvalid: '0에서 10 사이, 소수점 둘째 자리까지 입력하세요.',
};

export const rewardSetupZh: RewardSetupMessages = {
  rebateTab: '返水比例',
  rebateLead: '按游戏类别设置有效投注的返水百分比（最高 10%）。新比例适用于此后的投注；会员在返水页面领取累积的返水。',
  rebateCategory: '游戏类别',
  rebateRate: '比例 %',
  rebateUpdated: '修改时间',
  rebateRateInvalid: '请输入 0 到 10 之间、最多两位小数的比例。',
};
