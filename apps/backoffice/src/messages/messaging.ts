/**
 * Texts of the messages and feedback screens (issue 18), kept apart from the main message files so
 * parallel work on other screens does not collide; each language file spreads its own part in.
 */
export const messagingEn = {
  navMessages: 'Messages',
  messagesTitle: 'Messages',
  messagesLead:
    "Write to one member, a member type, an agent's downline or every member. Members see it in their inbox.",
  newMessage: 'New message',
  sendTo: 'Send to',
  audienceMEMBER: 'One member',
  audienceMEMBER_TYPE: 'A member type',
  audienceDOWNLINE: "An agent's downline",
  audienceALL: 'Every member',
  memberAccount: 'Member account',
  agentAccount: 'Agent account',
  send: 'Send',
  sentAt: 'Sent',
  sentBy: 'By',
  messageTarget: 'To',
  reads: 'Read by',
  messageSent: 'Message sent.',
} as const;

export const messagingKo: Record<keyof typeof messagingEn, string> = {
  navMessages: '메시지',
  messagesTitle: '메시지',
  messagesLead:
    '한 회원, 회원 유형, 에이전트 하위 라인 또는 전체 회원에게 보냅니다. 회원은 받은 편지함에서 확인합니다.',
  newMessage: '새 메시지',
  sendTo: '받는 대상',
  audienceMEMBER: '회원 한 명',
  audienceMEMBER_TYPE: '회원 유형',
  audienceDOWNLINE: '에이전트 하위 라인',
  audienceALL: '전체 회원',
  memberAccount: '회원 계정',
  agentAccount: '에이전트 계정',
  send: '보내기',
  sentAt: '보낸 시각',
  sentBy: '보낸 사람',
  messageTarget: '대상',
  reads: '읽은 회원',
  messageSent: '메시지를 보냈습니다.',
};

export const messagingZh: Record<keyof typeof messagingEn, string> = {
  navMessages: '消息',
  messagesTitle: '消息',
  messagesLead: '发送给单个会员、某一会员类型、某代理的下线或全体会员。会员在收件箱中查看。',
  newMessage: '新消息',
  sendTo: '发送给',
  audienceMEMBER: '单个会员',
  audienceMEMBER_TYPE: '会员类型',
  audienceDOWNLINE: '代理下线',
  audienceALL: '全体会员',
  memberAccount: '会员账号',
  agentAccount: '代理账号',
  send: '发送',
  sentAt: '发送时间',
  sentBy: '发送人',
  messageTarget: '对象',
  reads: '已读人数',
  messageSent: '消息已发送。',
};
