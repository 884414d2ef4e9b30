/**
 * The sportsbook's own world (decision 100): sports, competitions and teams with original names
 * (no real club, league or player), each team with a rating the strength model prices from.
 * A real odds provider would replace this catalogue through the feed (feed.ts); the engines only
 * need a sport, two ratings and a clock.
 */
export type Names = Readonly<{ ko: string; en: string; zh: string }>;

export const SPORTS = ['football', 'basketball', 'tennis', 'baseball', 'moba', 'shooter', 'cards'] as const;
export type Sport = (typeof SPORTS)[number];

/** The e-sports titles are played on /esports; the rest on /sports. */
export const ESPORTS: readonly Sport[] = ['moba', 'shooter', 'cards'];
export const isEsport = (sport: Sport): boolean => ESPORTS.includes(sport);

export const SPORT_NAMES: Readonly<Record<Sport, Names>> = {
  football: { ko: '축구', en: 'Football', zh: '足球' },
  basketball: { ko: '농구', en: 'Basketball', zh: '篮球' },
  tennis: { ko: '테니스', en: 'Tennis', zh: '网球' },
  baseball: { ko: '야구', en: 'Baseball', zh: '棒球' },
  moba: { ko: '렐름 시즈 (MOBA)', en: 'Realm Siege (MOBA)', zh: '领域围攻 (MOBA)' },
  shooter: { ko: '브리치포인트 (전술 슈팅)', en: 'Breachpoint (tactical shooter)', zh: '破点 (战术射击)' },
  cards: { ko: '아르카나 듀얼 (카드 배틀)', en: 'Arcana Duel (card battler)', zh: '奥秘对决 (卡牌对战)' },
};

export interface Team {
  code: string;
  names: Names;
  /** Strength on one scale per sport: a difference of 1 is a clear favourite. */
  rating: number;
}

export interface Competition {
  code: string;
  sport: Sport;
  names: Names;
  teams: readonly Team[];
  /** Minutes between the competition's kick-off slots, aligned to the epoch. */
  slotMinutes: number;
  /** Matches started in each slot (each team plays at most once per slot). */
  perSlot: number;
}

const t = (code: string, rating: number, en: string, ko: string, zh: string): Team => ({
  code,
  rating,
  names: { ko, en, zh },
});

export const COMPETITIONS: readonly Competition[] = [
  {
    code: 'fb-premier',
    sport: 'football',
    names: { ko: '오로라 프리미어 리그', en: 'Aurora Premier League', zh: '极光超级联赛' },
    slotMinutes: 30,
    perSlot: 2,
    teams: [
      t('harbor-city', 0.9, 'Harbor City Mariners', '하버시티 매리너스', '港城水手'),
      t('ironvale', 0.7, 'Ironvale Forge', '아이언베일 포지', '铁谷锻造'),
      t('northwind', 0.5, 'Northwind Rovers', '노스윈드 로버스', '北风流浪者'),
      t('silverbrook', 0.3, 'Silverbrook Athletic', '실버브룩 애슬레틱', '银溪竞技'),
      t('redcliff', 0.1, 'Redcliff Wanderers', '레드클리프 원더러스', '赤崖漫游者'),
      t('eastmoor', -0.1, 'Eastmoor United', '이스트무어 유나이티드', '东沼联'),
      t('lakeshore', -0.3, 'Lakeshore Comets', '레이크쇼어 코메츠', '湖岸彗星'),
      t('stonegate', -0.5, 'Stonegate Town', '스톤게이트 타운', '石门镇'),
    ],
  },
  {
    code: 'fb-coastal',
    sport: 'football',
    names: { ko: '코스탈 챔피언십', en: 'Coastal Championship', zh: '海岸锦标赛' },
    slotMinutes: 60,
    perSlot: 2,
    teams: [
      t('port-azure', 0.6, 'Port Azure', '포트 아주르', '蔚蓝港'),
      t('sunmere', 0.4, 'Sunmere Sparks', '선미어 스파크스', '日湖火花'),
      t('kestrel-bay', 0.2, 'Kestrel Bay', '케스트럴 베이', '隼湾'),
      t('amberfield', 0, 'Amberfield', '앰버필드', '琥珀原'),
      t('glenhollow', -0.2, 'Glenhollow', '글렌할로', '幽谷'),
      t('westmarch', -0.4, 'Westmarch', '웨스트마치', '西境'),
    ],
  },
  {
    code: 'bb-continental',
    sport: 'basketball',
    names: { ko: '컨티넨탈 후프스 리그', en: 'Continental Hoops League', zh: '大陆篮球联赛' },
    slotMinutes: 60,
    perSlot: 2,
    teams: [
      t('skyline', 0.8, 'Skyline Falcons', '스카이라인 팰컨스', '天际猎鹰'),
      t('metro-titans', 0.5, 'Metro Titans', '메트로 타이탄스', '都市泰坦'),
      t('desert-vipers', 0.2, 'Desert Vipers', '데저트 바이퍼스', '沙漠毒蛇'),
      t('riverside', -0.1, 'Riverside Owls', '리버사이드 아울스', '河畔猫头鹰'),
      t('granite', -0.4, 'Granite Peaks', '그래닛 피크스', '花岗峰'),
      t('bayfront', -0.7, 'Bayfront Tides', '베이프론트 타이즈', '湾前潮汐'),
    ],
  },
  {
    code: 'tn-tour',
    sport: 'tennis',
    names: { ko: '오로라 테니스 투어', en: 'Aurora Tennis Tour', zh: '极光网球巡回赛' },
    slotMinutes: 60,
    perSlot: 2,
    teams: [
      t('solberg', 0.8, 'Mika Solberg', '미카 솔베리', '米卡·索尔贝里'),
      t('arvane', 0.5, 'Theo Arvane', '테오 아르반', '西奥·阿尔万'),
      t('kalden', 0.3, 'Iris Kalden', '아이리스 칼덴', '艾瑞丝·卡尔登'),
      t('osterly', 0, 'Ruben Osterly', '루벤 오스터리', '鲁本·奥斯特利'),
      t('ferrow', -0.3, 'Nadia Ferrow', '나디아 페로', '娜迪亚·费罗'),
      t('quenby', -0.6, 'Jules Quenby', '쥘 퀜비', '朱尔·昆比'),
    ],
  },
  {
    code: 'bs-pacific',
    sport: 'baseball',
    names: { ko: '퍼시픽 볼 리그', en: 'Pacific Ball League', zh: '太平洋棒球联赛' },
    slotMinutes: 60,
    perSlot: 2,
    teams: [
      t('harbor-gulls', 0.6, 'Harbor Gulls', '하버 걸스', '港湾海鸥'),
      t('canyon-rams', 0.4, 'Canyon Rams', '캐니언 램스', '峡谷公羊'),
      t('pinecrest', 0.1, 'Pinecrest Lumberjacks', '파인크레스트 럼버잭스', '松冠伐木工'),
      t('neon-knights', -0.1, 'Neon Knights', '네온 나이츠', '霓虹骑士'),
      t('solar-foxes', -0.4, 'Solar Foxes', '솔라 폭시스', '太阳狐'),
      t('frostbite', -0.6, 'Frostbite Bears', '프로스트바이트 베어스', '霜咬熊'),
    ],
  },
  {
    code: 'es-realm',
    sport: 'moba',
    names: { ko: '렐름 시즈 마스터스', en: 'Realm Siege Masters', zh: '领域围攻大师赛' },
    slotMinutes: 30,
    perSlot: 2,
    teams: [
      t('nova-dynasty', 0.8, 'Nova Dynasty', '노바 다이너스티', '新星王朝'),
      t('crimson-circuit', 0.5, 'Crimson Circuit', '크림슨 서킷', '绯红回路'),
      t('void-runners', 0.2, 'Void Runners', '보이드 러너스', '虚空行者'),
      t('jade-phoenix', -0.1, 'Jade Phoenix', '제이드 피닉스', '翡翠凤凰'),
      t('polar-tempest', -0.4, 'Polar Tempest', '폴라 템페스트', '极地风暴'),
      t('echo-syndicate', -0.7, 'Echo Syndicate', '에코 신디케이트', '回声集团'),
    ],
  },
  {
    code: 'es-breach',
    sport: 'shooter',
    names: { ko: '브리치포인트 프로 시리즈', en: 'Breachpoint Pro Series', zh: '破点职业系列赛' },
    slotMinutes: 60,
    perSlot: 2,
    teams: [
      t('steel-vanguard', 0.7, 'Steel Vanguard', '스틸 뱅가드', '钢铁先锋'),
      t('night-owls', 0.4, 'Night Owls', '나이트 아울스', '夜枭'),
      t('apex-sentinels', 0.1, 'Apex Sentinels', '에이펙스 센티널스', '巅峰哨兵'),
      t('zero-hour', -0.1, 'Zero Hour', '제로 아워', '零点'),
      t('ironclad-five', -0.4, 'Ironclad Five', '아이언클래드 파이브', '铁甲五人'),
      t('glass-cannons', -0.7, 'Glass Cannons', '글래스 캐넌스', '玻璃大炮'),
    ],
  },
  {
    code: 'es-arcana',
    sport: 'cards',
    names: { ko: '아르카나 듀얼 챔피언십', en: 'Arcana Duel Championship', zh: '奥秘对决锦标赛' },
    slotMinutes: 60,
    perSlot: 2,
    teams: [
      t('spellwright', 0.6, 'Spellwright', '스펠라이트', '咒术匠'),
      t('moonshade', 0.4, 'Moonshade', '문셰이드', '月影'),
      t('runekeeper', 0.1, 'Runekeeper', '룬키퍼', '符文守护者'),
      t('dawnbringer', -0.1, 'Dawnbringer', '돈브링어', '黎明使者'),
      t('hexa', -0.4, 'Hexa', '헥사', '赫克萨'),
      t('quillmancer', -0.6, 'Quillmancer', '퀼맨서', '羽笔术士'),
    ],
  },
];

export function findCompetition(code: string): Competition | undefined {
  return COMPETITIONS.find((c) => c.code === code);
}

export function findTeam(competition: Competition, code: string): Team | undefined {
  return competition.teams.find((team) => team.code === code);
}
