import type { LiveNotifyChannel } from '../realtime/realtime.routes.ts';

/**
 * The reward centre's live event (decision 074): migration 0075 announces a member on
 * `member_rewards` when something of theirs became claimable or was claimed (a claim, an application
 * reviewed, a bonus issued or ended, a mission or rebate claim, a redemption, a sign-in), and everyone
 * on `rewards_broadcast` when staff change a promotion or mission. This instance tells the member's
 * sockets to read their rewards and red counters again.
 */
export const rewardsLiveChannels: LiveNotifyChannel[] = [
  {
    channel: 'member_rewards',
    onNotify: (memberId, live) => {
      if (/^[0-9]{1,18}$/.test(memberId) && live.hub.has(memberId)) live.hub.deliver(memberId, { type: 'rewards' });
    },
  },
  {
    channel: 'rewards_broadcast',
    onNotify: (_table, live) => {
      for (const memberId of live.hub.members()) live.hub.deliver(memberId, { type: 'rewards' });
    },
  },
];
