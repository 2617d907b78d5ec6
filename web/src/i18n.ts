// The page's words in Chinese and English (the desktop's terms where it has them).
export type Lang = 'zh' | 'en';

const words = {
  title: ['中国象棋', 'Xiangqi'],
  tabPlay: ['对弈', 'Play'], tabOnline: ['联网', 'Online'], tabAnalysis: ['分析', 'Analysis'],
  newGame: ['新局', 'New game'], flip: ['翻转', 'Flip'], undo: ['悔棋', 'Undo'], hint: ['提示', 'Hint'],
  resign: ['认输', 'Resign'], offerDraw: ['求和', 'Offer draw'], takeback: ['请求悔棋', 'Ask takeback'],
  accept: ['同意', 'Accept'], decline: ['拒绝', 'Decline'], level: ['难度', 'Level'], youPlay: ['我执', 'I play'],
  red: ['红方', 'Red'], black: ['黑方', 'Black'], any: ['随机', 'Either'], two: ['双人对弈', 'Two players'],
  notation: ['记谱', 'Moves'], chinese: ['中文', 'Chinese'], pieces: ['棋子', 'Pieces'],
  classic: ['经典', 'Classic'], bold: ['粗体', 'Bold'], symbols: ['图形', 'Symbols'], sound: ['音效', 'Sound'],
  on: ['开', 'on'], off: ['关', 'off'], download: ['下载 PGN', 'Download PGN'], moves: ['着法', 'Moves'],
  name: ['名字', 'Name'], password: ['密码', 'Password'], guest: ['游客', 'Guest'], login: ['登录', 'Log in'],
  register: ['注册', 'Register'], logout: ['退出登录', 'Log out'], connecting: ['正在连接服务器…', 'Connecting to the server…'],
  offline: ['未连上服务器：仍可与电脑对弈', 'No server: you can still play the computer'],
  seeks: ['挑战', 'Seeks'], players: ['在线棋手', 'Players online'], games: ['进行中的对局', 'Games in progress'],
  newSeek: ['发起挑战', 'Seek a game'], rated: ['计分', 'Rated'], casual: ['不计分', 'Casual'],
  color: ['执子', 'Colour'], watch: ['观战', 'Watch'], play: ['应战', 'Play'], cancel: ['取消', 'Cancel'],
  history: ['我的对局', 'My games'], none: ['暂无', 'None yet'], loggedInAs: ['已登录：', 'Logged in as '],
  opponentAway: ['对手掉线，等待其回来…', 'Your opponent dropped; waiting for them…'],
  opponentBack: ['对手回来了', 'Your opponent is back'], drawOffered: ['对方提议和棋', 'Your opponent offers a draw'],
  takebackAsked: ['对方请求悔棋', 'Your opponent asks to take back'], drawDeclined: ['对方拒绝和棋', 'Draw declined'],
  takebackDeclined: ['对方拒绝悔棋', 'Takeback declined'], yourMove: ['轮到你走', 'Your move'],
  thinking: ['电脑思考中…', 'The computer is thinking…'], spectator: ['观战中', 'Watching'],
  reconnecting: ['连接中断，正在重连…', 'Connection lost; reconnecting…'], back: ['已重新连上', 'Reconnected'],
  start: ['开始', 'Start'], stop: ['停止', 'Stop'], depth: ['深度', 'Depth'], score: ['评分', 'Score'],
  nodesPerSecond: ['每秒节点', 'nodes/s'], mateIn: ['步杀', 'mate in'], leaveGame: ['回到大厅', 'Back to lobby'],
  result: ['结果', 'Result'], vs: ['对', 'vs'], lobby: ['大厅', 'Lobby'], rating: ['等级分', 'Rating'],
  language: ['English', '中文'], periods: ['次', '×'], readSeconds: ['读秒', 'byo-yomi'],
  time: ['时限', 'Time'], confirmResign: ['认输，结束这盘棋？', 'Resign this game?'],
  speed: ['测速', 'Engine speed'], nodes: ['节点', 'nodes'],
  guestsCasual: ['游客只能下不计分的棋', 'Guests play casual games only'], you: ['你', 'You'],
} as const;

export type Word = keyof typeof words;
let lang: Lang = 'zh';
export function setLang(l: Lang) { lang = l; }
export function getLang(): Lang { return lang; }
export function t(w: Word): string { return words[w][lang === 'zh' ? 0 : 1]; }

export const LEVELS: [string, string][] = [['入门', 'Newcomer'], ['初级', 'Beginner'], ['中级', 'Casual'],
  ['业余', 'Amateur'], ['棋协', 'Club'], ['专业', 'Expert'], ['大师', 'Master'], ['特级', 'Grandmaster']];
// The desktop's levels: skill 1..8, at most this long a move.
export const LEVEL_MOVETIME = [1000, 1000, 1000, 1000, 1000, 1000, 2000, 8000];

const REASONS: Record<string, [string, string]> = {
  checkmate: ['将死', 'checkmate'], stalemate: ['困毙', 'no legal move'], perpetual_check: ['长将', 'perpetual check'],
  perpetual_chase: ['长捉', 'perpetual chase'], repetition: ['重复局面', 'repetition'], move_limit: ['自然限着', 'move limit'],
  resignation: ['认输', 'resignation'], agreement: ['议和', 'agreement'], timeout: ['超时', 'time'],
  timeout_no_mate: ['超时，但对方无子可胜', 'time, but no mating material'], abandoned: ['弃局', 'abandonment'],
};

// "红方胜（将死）" / "Red wins (checkmate)" from a result and a reason.
export function resultText(result: string, reason: string): string {
  const why = REASONS[reason]?.[lang === 'zh' ? 0 : 1] ?? reason;
  if (result === '1-0') return lang === 'zh' ? `红方胜（${why}）` : `Red wins (${why})`;
  if (result === '0-1') return lang === 'zh' ? `黑方胜（${why}）` : `Black wins (${why})`;
  return lang === 'zh' ? `和棋（${why}）` : `Draw (${why})`;
}
