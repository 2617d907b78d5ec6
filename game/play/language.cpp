#include "language.h"

namespace xq {

namespace {

struct Words {
  Phrase phrase;
  const char* zh;
  const char* en;
};

// In Phrase order (checked below at compile time).
constexpr Words kWords[] = {
    {Phrase::NewGame, "新局", "New"},
    {Phrase::Undo, "悔棋", "Undo"},
    {Phrase::Redo, "还原", "Redo"},
    {Phrase::Flip, "翻转", "Flip"},
    {Phrase::Hint, "提示", "Hint"},
    {Phrase::Sound, "音效", "Sound"},
    {Phrase::Animation, "动画", "Motion"},
    {Phrase::Analysis, "分析", "Analyse"},
    {Phrase::Level0, "入门", "Newcomer"},
    {Phrase::Level1, "初级", "Beginner"},
    {Phrase::Level2, "中级", "Casual"},
    {Phrase::Level3, "业余", "Amateur"},
    {Phrase::Level4, "棋协", "Club"},
    {Phrase::Level5, "专业", "Expert"},
    {Phrase::Level6, "大师", "Master"},
    {Phrase::Level7, "特级", "Grandmaster"},
    {Phrase::LevelLabel, "{} {}", "{} {}"},
    {Phrase::Ponder, "后台思考", "Ponder"},
    {Phrase::ModeRed, "执红", "Red"},
    {Phrase::ModeBlack, "执黑", "Black"},
    {Phrase::ModeTwo, "双人", "2 players"},
    {Phrase::ModeDemo, "演示", "Demo"},
    {Phrase::Save, "保存", "Save"},
    {Phrase::Load, "载入", "Open"},
    {Phrase::Copy, "复制", "Copy"},
    {Phrase::Paste, "粘贴", "Paste"},
    {Phrase::OneHorse, "让单马", "-1 horse"},
    {Phrase::TwoHorses, "让双马", "-2 horses"},
    {Phrase::NinePieces, "让九子", "-9 pieces"},
    {Phrase::OtherLanguage, "English", "中文"},
    {Phrase::OfferDraw, "求和", "Draw?"},
    {Phrase::Resign, "认输", "Resign"},
    {Phrase::NativeNotation, "中文", "WXF"},
    {Phrase::NoClock, "不计时", "No clock"},
    {Phrase::RedClock, "红 {}", "Red {}"},
    {Phrase::BlackClock, "黑 {}", "Black {}"},
    {Phrase::GameOver, "对局结束", "Game over"},
    {Phrase::Reviewing, "复盘：第 {} 步", "Review: move {}"},
    {Phrase::Thinking, "电脑思考中…", "The computer is thinking…"},
    {Phrase::Hinting, "正在计算提示…", "Working out a hint…"},
    {Phrase::RedToMove, "红方走棋", "Red to move"},
    {Phrase::BlackToMove, "黑方走棋", "Black to move"},
    {Phrase::RedInCheck, "将军！红方应将", "Check! Red must answer it"},
    {Phrase::BlackInCheck, "将军！黑方应将", "Check! Black must answer it"},
    {Phrase::MustAnswerCheck, "必须应将", "You must answer the check"},
    {Phrase::CannotMoveThere, "这个棋子走不到那里", "That piece cannot move there"},
    {Phrase::ExposesKing, "此着会让己方老将被将", "That would leave your king in check"},
    {Phrase::DrawDeclined, "电脑拒绝和棋", "The computer declines the draw"},
    {Phrase::BannerNote, "点击棋盘开始新局 · 悔棋可以继续", "Click the board for a new game · Undo to play on"},
    {Phrase::DepthScore, "深度 {}  {}方 {}", "Depth {}  {} {}"},
    {Phrase::DepthMate, "深度 {}  {}{}步杀", "Depth {}  {} mates in {}"},
    {Phrase::DepthMated, "深度 {}  {}{}步杀", "Depth {}  {} mates in {}"},
    {Phrase::NodesSpeed, "{}万节点  {}万/秒", "{}k nodes  {}k/s"},
    {Phrase::NodesOnly, "{}万节点", "{}k nodes"},
    {Phrase::GraphRedBetter, "红优", "Red better"},
    {Phrase::GraphBlackBetter, "黑优", "Black better"},
    {Phrase::ResumeQuestion, "继续上次未下完的对局？（{} 步）", "Resume the unfinished game? ({} moves)"},
    {Phrase::ResumeYes, "继续", "Resume"},
    {Phrase::ResumeOnlineQuestion, "服务器 {} 上你的联网对局还没下完（{} 步）。回到这盘棋？",
     "Your game on {} is not over ({} moves). Return?"},
    {Phrase::ResumeOnlineYes, "回到对局", "Return"},
    {Phrase::OnlineCannotReturn, "回不到那盘棋：{}", "Cannot return to the game: {}"},
    {Phrase::ResignQuestion, "认输，结束这盘棋？", "Resign this game?"},
    {Phrase::KeepPlaying, "继续下", "Play on"},
    {Phrase::BannerNewGame, "点击棋盘开始新局", "Click the board for a new game"},
    {Phrase::BannerPuzzleNext, "点击棋盘进入下一题", "Click the board for the next puzzle"},
    {Phrase::BannerPuzzleAgain, "点击棋盘重试这一题", "Click the board to try this one again"},
    {Phrase::PuzzleUnratedHint, "（用了提示，不计等级分）", " (a hint was used: not rated)"},
    {Phrase::PuzzleUnratedSeen, "（已看过答案，不计等级分）", " (the solution was seen: not rated)"},
    {Phrase::Resumed, "已恢复上次的对局", "The last game is back"},
    {Phrase::CannotResume, "无法恢复: {}", "Cannot resume: {}"},
    {Phrase::CannotOpen, "无法载入 {}: {}", "Cannot open {}: {}"},
    {Phrase::Opened, "已载入 {}", "Opened {}"},
    {Phrase::Saved, "已保存 {}", "Saved {}"},
    {Phrase::SavedIn, "已保存 {}（在 {} 文件夹）", "Saved {} in {}/"},
    {Phrase::SavedMoves, "{} 回合", "{} moves"},
    {Phrase::NoSavedGame, "没有保存的对局（可把 PGN 文件拖进窗口）", "No saved game (drop a PGN file on the window)"},
    {Phrase::CannotRead, "无法读取 {}", "Cannot read {}"},
    {Phrase::Pasted, "已粘贴局面", "Position pasted"},
    {Phrase::TheClipboard, "剪贴板", "the clipboard"},
    {Phrase::NotAPosition, "剪贴板不是局面: {}", "The clipboard holds no position: {}"},
    {Phrase::Copied, "局面已复制", "Position copied"},
    {Phrase::CopiedGame, "对局已复制（DhtmlXQ，可贴到论坛）", "Game copied as DhtmlXQ, for a forum post"},
    {Phrase::MoreGames, "（文中还有其他对局，载入了第一局）", " (the text holds more games: the first is shown)"},
    {Phrase::CollectionTitle, "{}：{} 局", "{}: {} games"},
    {Phrase::CollectionSortBy, "排序：{}", "Order: {}"},
    {Phrase::CollectionSortFile, "原序", "as filed"},
    {Phrase::CollectionSortYear, "年份新→旧", "newest"},
    {Phrase::CollectionSortPlayer, "棋手", "player"},
    {Phrase::CollectionReading, "{}：正在读取… {} / {} 局（可先输入筛选）", "{}: reading… {} of {} games (type to narrow)"},
    {Phrase::CollectionFirstOf, "{}：列出前 {} 局（共 {} 局，输入可筛选）", "{}: the first {} of {} games (type to narrow)"},
    {Phrase::CollectionRow, "{}. {} – {}  {}  {}", "{}. {} – {}  {}  {}"},
    {Phrase::CollectionGame, "第 {} 局（共 {} 局）：{} – {}", "Game {} of {}: {} – {}"},
    {Phrase::CollectionSkipped, "（{} 局无法读取，已略去）", " ({} could not be read and were left out)"},
    {Phrase::CollectionPlies, "{} 步", "{} plies"},
    {Phrase::CollectionFilter, "筛选（棋手、赛事、年份、开局如 C70、结果）：{}", "Filter (player, event, year, opening like C70, result): {}"},
    {Phrase::ByoyomiFace, "读秒{}", "{}s"},
    {Phrase::ExplorerHead, "{} · 棋库 {} 局", "{} · library {} games"},
    {Phrase::ExplorerTitle, "开局浏览", "Opening explorer"},
    {Phrase::ExplorerRow, "{}\t{}局\t红{}% 和{}% 黑{}%", "{}\t{}×\tR{}% D{}% B{}%"},
    {Phrase::ExplorerRowNoResults, "{}\t{}局\t胜负不详", "{}\t{}×\tresults unknown"},
    {Phrase::ExplorerNoResult, "{}局不详", "{} unknown"},
    {Phrase::ExplorerYear, "{}年", "{}"},
    {Phrase::ExplorerBook, "书{}", "book {}"},
    {Phrase::ExplorerEmpty, "棋库中没有到达此局面的对局", "No library game reached this position"},
    {Phrase::ExplorerLoading, "查询中…", "Looking…"},
    {Phrase::ExplorerGames, "此局面", "Here"},
    {Phrase::ExplorerImport, "导入…", "Import…"},
    {Phrase::ExplorerClose, "关闭", "Close"},
    {Phrase::ExplorerNotHere, "此处轮到电脑走棋：只能走棋谱中的着法", "Here it is the computer's move: only the record's moves go on"},
    {Phrase::ExplorerVariation, "变着 {}：原对局仍是主线（B 显示变着，P 升为主线）",
     "A variation, {}: the game stays the main line (B shows variations, P promotes one)"},
    {Phrase::LibraryGames, "棋库 · {}", "Library · {}"},
    {Phrase::Importing, "导入棋库：{}/{} 个文件，{} 局（Esc 取消）", "Importing: {}/{} files, {} games (Esc cancels)"},
    {Phrase::Imported, "已导入 {} 局，跳过重复 {} 局，失败 {} 局", "Imported {} games, skipped {} duplicates, {} failed"},
    {Phrase::ImportMerged, "；{} 局已有的对局换成了带注释或变着的这一份", "; {} already there took this copy's comments and variations"},
    {Phrase::ImportCancelled, "导入已取消，已导入 {} 局", "Import cancelled: {} games imported"},
    {Phrase::LibraryError, "棋库无法打开：{}", "The library cannot be opened: {}"},
    {Phrase::LibraryAll, "棋库", "Library"},
    {Phrase::LibraryAllButton, "棋库", "Library"},
    {Phrase::RecordMain, "谱 {}", "game {}"},
    {Phrase::RecordVariation, "变 {}", "var {}"},
    {Phrase::VariationsFolded, "▶ {} 个变着（点开）", "▶ {} variation(s) (click to open)"},
    {Phrase::Look, "外观", "Look"},
    {Phrase::LookTitle, "棋盘与棋子", "Board and pieces"},
    {Phrase::LookBoards, "棋盘", "Board"},
    {Phrase::LookPieces, "棋子", "Pieces"},
    {Phrase::OnlineTitle, "联网对弈", "Play online"},
    {Phrase::OnlineServer, "服务器：{}", "Server: {}"},
    {Phrase::OnlineName, "名字：{}", "Name: {}"},
    {Phrase::OnlinePassword, "密码：{}", "Password: {}"},
    {Phrase::OnlineGuest, "游客", "Guest"},
    {Phrase::OnlineLogIn, "登录", "Log in"},
    {Phrase::OnlineRegister, "注册", "Register"},
    {Phrase::OnlineHost, "在本机开局域网服务器", "Host a LAN game"},
    {Phrase::OnlineLogOut, "退出", "Log out"},
    {Phrase::OnlineRated, "计分", "Rated"},
    {Phrase::OnlineCasual, "不计分", "Casual"},
    {Phrase::OnlineRatedOn, "计分：是", "Rated: yes"},
    {Phrase::OnlineRatedOff, "计分：否", "Rated: no"},
    {Phrase::OnlineAccountsOnly, "（仅限注册棋手）", " (accounts only)"},
    {Phrase::OnlineSeeks, "等待对手的对局（点击即应战）", "Open seeks (click one to play)"},
    {Phrase::OnlineNoSeeks, "暂无，发起一局吧", "None yet: offer a game"},
    {Phrase::OnlineMySeek, "我的 {}（等待对手，点击撤回）", "Mine: {} (waiting; click to withdraw)"},
    {Phrase::OnlineSeekRow, "{} {} · {} · {} · {}", "{} {} · {} · {} · {}"},
    {Phrase::OnlineNewSeek, "发起对局：", "Offer a game:"},
    {Phrase::OnlineConnecting, "正在连接 {}…", "Connecting to {}…"},
    {Phrase::OnlineReconnecting, "连接中断，正在重连…", "Connection lost: reconnecting…"},
    {Phrase::OnlineGameStarted, "联网对局：{} 对 {}，{}，你执{}", "Online game: {} – {}, {}, you play {}"},
    {Phrase::OnlineHosting, "局域网服务器已开：请朋友连接 {}", "Hosting: a friend joins at {}"},
    {Phrase::OnlineCannotHost, "无法启动服务器：{}", "Cannot start the server: {}"},
    {Phrase::OnlineNotNow, "联网对局中不能这样做", "Not during an online game"},
    {Phrase::OnlineDrawOffered, "{} 提议和棋", "{} offers a draw"},
    {Phrase::OnlineTakebackAsked, "{} 请求悔棋", "{} asks to take back a move"},
    {Phrase::OnlineErrCredentials, "用户名或密码不对", "Wrong name or password"},
    {Phrase::OnlineErrTaken, "这个名字已有人用了", "That name is already taken"},
    {Phrase::OnlineErrGuestName, "“Guest+数字”的名字留给游客，请另取一个", "Names of the form Guest and digits are kept for guests: choose another"},
    {Phrase::OnlineErrGuestRated, "游客只能下娱乐棋：注册后可下等级分棋", "Guests play casual games only: register to play rated"},
    {Phrase::OnlineErrToken, "登录已过期，请重新登录", "The login has expired: log in again"},
    {Phrase::OnlineErrBusy, "服务器正忙，请稍后再试", "The server is busy: try again in a few seconds"},
    {Phrase::OnlineErrWait, "请 {} 秒后再试", "Try again in {} s"},
    {Phrase::OnlineErrRate, "太频繁了，请 {} 秒后再试", "Too many at once: try again in {} s"},
    {Phrase::OnlineErrNotSaved, "服务器没能保存，请再试一次", "The server could not save that: try again"},
    {Phrase::OnlineErrReplaced, "已在别处登录", "Logged in from elsewhere"},
    {Phrase::OnlineErrLogin, "请先登录", "Log in first"},
    {Phrase::OnlineErrPlaying, "请先下完这一局", "Finish your game first"},
    {Phrase::OnlineErrSeeks, "最多同时发出三个邀请", "Three open seeks at most"},
    {Phrase::OnlineErrNotYourMove, "还没轮到你走", "Not your move"},
    {Phrase::OnlineErrIllegal, "这步棋不合规则", "That move is not legal"},
    {Phrase::OnlineDrawSent, "已向 {} 提议和棋", "Draw offered to {}"},
    {Phrase::OnlineTakebackSent, "已请求 {} 同意悔棋", "Takeback asked of {}"},
    {Phrase::OnlineAgreeDraw, "同意和棋", "Agree to a draw"},
    {Phrase::OnlineAgreeTakeback, "同意悔棋", "Allow it"},
    {Phrase::OnlineDecline, "拒绝", "Decline"},
    {Phrase::OnlineAway, "{} 掉线了，等待 {} 秒", "{} lost the connection; waiting {} s"},
    {Phrase::OnlineBack, "{} 回来了", "{} is back"},
    {Phrase::OnlineRatingChange, "等级分 {} → {}", "Rating {} → {}"},
    {Phrase::OnlineClosed, "连接已断开：{}", "Disconnected: {}"},
    {Phrase::OnlineGaveUp, "无法重连服务器，对局已结束", "Could not reach the server again; the game is over"},
    {Phrase::OnlineBadAddress, "服务器地址应为 主机:端口，而不是 {}", "The server address must be host:port, not {}"},
    {Phrase::OnlineLoggedIn, "{}（{}）", "{} ({})"},
    {Phrase::OnlineStatus, "联网：{}（{}）对 {}（{}）", "Online: {} ({}) – {} ({})"},
    {Phrase::OnlineRed, "红", "red"},
    {Phrase::OnlineBlack, "黑", "black"},
    {Phrase::OnlineAny, "任意", "any"},
    {Phrase::OnlineDeclined, "{} 拒绝了", "{} declined"},
    {Phrase::OnlineGames, "正在进行的对局（点击观战）", "Games in progress (click one to watch)"},
    {Phrase::OnlineGameRow, "{} 对 {} · {} · 第 {} 步", "{} – {} · {} · move {}"},
    {Phrase::OnlineWatching, "观战：{} 对 {}", "Watching {} – {}"},
    {Phrase::OnlineOnlyWatching, "观战中，不能走棋", "You are watching: the players move"},
    {Phrase::BoardWood, "木纹", "Wood"},
    {Phrase::BoardPaper, "纸面", "Paper"},
    {Phrase::BoardDark, "深色", "Dark"},
    {Phrase::PiecesTraditional, "楷书", "Traditional"},
    {Phrase::PiecesBold, "粗体", "Bold"},
    {Phrase::PiecesSymbols, "图形", "Symbols"},
    {Phrase::Promoted, "此变着已设为主线", "This line is now the main line"},
    {Phrase::MainLineStays, "主线不能删除（只删变着）", "The main line stays (only variations are removed)"},
    {Phrase::VariationRemoved, "变着已删除", "Variation removed"},
    {Phrase::AnnotateTitle, "第 {} 步 {}：注释与标记", "Move {} {}: comment and mark"},
    {Phrase::AnnotateField, "注释：{}", "Comment: {}"},
    {Phrase::AnnotateDone, "完成", "Done"},
    {Phrase::AnnotateNoMove, "先选一步棋（点着法或用 ← →）", "Pick a move first (click it, or ← →)"},
    {Phrase::NoAnalysisLine, "此局面还没有分析着法（打开分析）", "No analysis line for this position yet (turn Analyse on)"},
    {Phrase::AnalysisLineAdded, "分析着法已记入棋谱为变着（{} 步）", "The analysis line is in the record as a variation ({} moves)"},
    {Phrase::Computer, "电脑", "Computer"},
    {Phrase::Player, "玩家", "Player"},
    {Phrase::Event, "中国象棋", "Xiangqi"},
    {Phrase::Title, "中国象棋", "Xiangqi"},
    {Phrase::HelpText,
     "按键\n"
     "N  新局        U 或 Ctrl+Z  悔棋        R 或 Ctrl+Y  还原\n"
     "F  翻转棋盘        H  提示        M  音效        A  分析\n"
     "1–4  级别        D  演示（再按停止）        L  English        T  棋盘与棋子的外观\n"
     "O  联网对弈（服务器、游客或账号、局域网）\n"
     "Ctrl+S  保存        Ctrl+O  载入        E  摆棋\n"
     "Ctrl+E  添加引擎        Ctrl+Delete  移除当前引擎\n"
     "Ctrl+M  引擎对抗        X  开局浏览（棋库）        引擎按钮旁的 …  引擎选项\n"
     "Ctrl+C / Ctrl+V  复制、粘贴局面（FEN、PGN、DhtmlXQ 或着法）\n"
     "Ctrl+Shift+C  复制对局为 DhtmlXQ（论坛用）\n"
     "G  多局棋谱的列表（打字即筛选）        PageUp PageDown  上一局、下一局\n"
     "← → Home End  复盘着法（在前面的局面走棋即成变着）        Esc  放下棋子、回到对局\n"
     "C  注释与标记        V  分析着法记为变着        P  变着设为主线        Delete  删除变着        B  显示、隐藏变着\n"
     "右键  放下棋子        滚轮  翻看着法列表\n"
     "把棋谱（PGN、XQF、CBR、CBL、DhtmlXQ）或引擎程序拖进窗口即可打开或添加，拖入文件夹即导入棋库\n"
     "F1 或 ?  打开、关闭本帮助\n"
     "\n"
     "棋子（红 黑）\n"
     "帥 將  帅：直走一步，不出九宫        仕 士  仕：斜走一步，不出九宫\n"
     "相 象  相：斜走两步（田字），不过河，塞象眼不能走\n"
     "傌 馬  马：直一步再斜一步（日字），蹩马腿不能走\n"
     "俥 車  车：直线任意步        炮 砲  炮：走法同车，吃子须隔一子\n"
     "兵 卒  兵：向前一步，过河后也可横走一步",
     "Keys\n"
     "N  new game        U or Ctrl+Z  undo        R or Ctrl+Y  redo\n"
     "F  turn the board        H  hint        M  sound        A  analysis\n"
     "1–4  level        D  demo (again to stop)        L  中文        T  the look of the board and pieces\n"
     "O  play online (a server, as a guest or with an account, or on the LAN)\n"
     "Ctrl+S  save        Ctrl+O  open a game        E  set up a position\n"
     "Ctrl+E  add an engine        Ctrl+Delete  remove the chosen engine\n"
     "Ctrl+M  engine match        X  opening explorer (library)        ...  engine options\n"
     "Ctrl+C / Ctrl+V  copy, paste a position (FEN, PGN, DhtmlXQ or a move list)\n"
     "Ctrl+Shift+C  copy the game as DhtmlXQ, for a forum post\n"
     "G  the list of a file of many games (type to filter)        PageUp PageDown  its previous, next game\n"
     "← → Home End  step through the moves (a move on an earlier position starts a variation)\n"
     "C  comment, mark   V  analysis line as a variation   P  make it the main line   Delete  remove it   B  show, hide them\n"
     "Esc  put the piece down, back to the game\n"
     "Right click  put the piece down        Wheel  scroll the move list\n"
     "Drop a game (PGN, XQF, CBR, CBL, DhtmlXQ) or an engine on the window to open or add it; a folder: import it\n"
     "F1 or ?  show or hide this help\n"
     "\n"
     "Pieces (red black), WXF letter\n"
     "帥 將  King K: one point along a line, inside the palace\n"
     "仕 士  Advisor A: one point diagonally, inside the palace\n"
     "相 象  Elephant E: two points diagonally, not across the river nor over a piece\n"
     "傌 馬  Horse H: one point along a line, then one diagonally out; a piece beside it blocks\n"
     "俥 車  Chariot R: any distance along a line\n"
     "炮 砲  Cannon C: moves as a chariot; captures by jumping exactly one piece\n"
     "兵 卒  Soldier P: one point forward; across the river also one sideways"},
    {Phrase::EditBoard, "摆棋", "Set up"},
    {Phrase::HelpButton, "帮助", "Help"},
    {Phrase::EditRedMoves, "红先", "Red first"},
    {Phrase::EditBlackMoves, "黑先", "Black first"},
    {Phrase::EditClear, "清空", "Clear"},
    {Phrase::EditStart, "初始局面", "Start position"},
    {Phrase::EditRemove, "移除", "Remove"},
    {Phrase::EditDone, "完成", "Done"},
    {Phrase::EditCancel, "取消", "Cancel"},
    {Phrase::EditHint, "选子后点棋盘放下，再点移除", "Pick a piece, click to place, again to remove"},
    {Phrase::EditPickFirst, "先选一个棋子（或移除）", "Pick a piece first (or Remove)"},
    {Phrase::EditCannotStandThere, "这个棋子不能放在这里", "That piece can never stand there"},
    {Phrase::EditNoMoreOfThese, "这种棋子已经够了", "There are no more of that piece"},
    {Phrase::EditNoRedKing, "缺少红帅", "Red has no king"},
    {Phrase::EditNoBlackKing, "缺少黑将", "Black has no king"},
    {Phrase::EditKingsFacing, "将帅不能照面", "The kings face each other"},
    {Phrase::EditWaitingSideInCheck, "不走棋的一方正被将军", "The side not to move is in check"},
    {Phrase::Puzzles, "残局", "Puzzles"},
    {Phrase::PuzzlePrev, "上一题", "Previous"},
    {Phrase::PuzzleNext, "下一题", "Next"},
    {Phrase::PuzzleRetry, "重试", "Retry"},
    {Phrase::PuzzleExit, "退出", "Exit"},
    {Phrase::PuzzleStatus, "残局 {}/{}{}：{}", "Puzzle {}/{}{}: {}"},
    {Phrase::PuzzleSolved, "解出！点棋盘进入下一题", "Solved! Click the board for the next one"},
    {Phrase::PuzzleFailed, "未解出，点棋盘重试", "Not solved: click the board to try again"},
    {Phrase::PuzzleTooLong, "超过 {} 步了，可以重试", "More than {} moves: try again"},
    {Phrase::PuzzleRatingChange, "（等级分 {} → {}）", " (rating {} → {})"},
    {Phrase::PuzzleRatings, "难度 {}　你的等级分 {}", "Puzzle rated {}   your rating {}"},
    {Phrase::NoPuzzles, "没有找到残局文件", "The puzzle file is missing"},
    {Phrase::PuzzleWrong, "不对，看电脑的应着；正解已列出。点棋盘重试", "Not that one: the solution is below. Click the board to try again"},
    {Phrase::PuzzleSolutionHead, "正解：", "The solution:"},
    {Phrase::PuzzleProgress, "进度", "Progress"},
    {Phrase::PuzzleProgressTitle, "残局进度　等级分 {} ± {}", "Puzzle progress: rating {} ± {}"},
    {Phrase::PuzzleOfDay, "今日一题", "Today's"},
    {Phrase::PuzzleRetryFailed, "重做错题", "Retry failed"},
    {Phrase::PuzzleNoFailed, "没有做错的题", "No failed puzzle to retry"},
    {Phrase::PuzzleThemeRow, "{}　解出 {}　失败 {}　共 {} 题", "{}: solved {}, failed {}, of {}"},
    {Phrase::PuzzleSolvedCount, "已解 {} / {} 题", "Solved {} of {} puzzles"},
    {Phrase::PuzzleNoAttempts, "还没有做过题", "No attempts yet"},
    {Phrase::PuzzleGraphLabel, "最近 {} 次的等级分 {}–{}", "Rating over the last {} attempts: {}–{}"},
    {Phrase::ThemeMate, "杀法", "Mates"},
    {Phrase::ThemeFork, "双击", "Double attacks"},
    {Phrase::ThemeDiscovered, "抽将", "Discovered checks"},
    {Phrase::ThemePin, "牵制", "Pins"},
    {Phrase::ThemeTrap, "捉子", "Trapping a piece"},
    {Phrase::ThemeMaterial, "得子", "Winning material"},
    {Phrase::ThemeDefence, "解杀守和", "Defence"},
    {Phrase::ThemeEnding, "实用残局", "Endings"},
    {Phrase::EngineFailed, "引擎出错：{}；改由内置引擎下棋", "Engine failed: {}; the built-in engine plays on"},
    {Phrase::EngineCannotStart, "无法启动引擎：{}", "Cannot start the engine: {}"},
    {Phrase::EngineButton, "引擎：{}", "Engine: {}"},
    {Phrase::BuiltIn, "内置", "built-in"},
    {Phrase::AnalysisHead, "{} · 深度 {} · {}万节点 · {}方分数", "{} · depth {} · {}k nodes · {}'s scores"},
    {Phrase::Analysing, "分析中", "Analysing"},
    {Phrase::ReviewButton, "复盘", "Review"},
    {Phrase::ReviewProgress, "复盘分析中 {}/{}", "Reviewing the game {}/{}"},
    {Phrase::ReviewDone, "复盘完成：疑问手 {}，错着 {}，败着 {}", "Reviewed: {} ?!  {} ?  {} ??"},
    {Phrase::ReviewBetter, "更好：{}（{}）", "Better: {} ({})"},
    {Phrase::ReviewNoMoves, "还没有着法可以复盘", "No moves to review yet"},
    {Phrase::VariationsSkipped, "（变着已略去，只载入主线）", " (variations skipped: the main line is shown)"},
    {Phrase::PlayFromHere, "从此处开始对弈", "Play from here"},
    {Phrase::RecordShown, "观看棋谱中：可从此处开始对弈", "Viewing a record: Play from here to play on"},
    {Phrase::VerdictNote, "〔此处棋规判：{}；双方续弈〕", "[rules: {}; play went on]"},
    {Phrase::VerdictOpened, "（棋规在第 {} 回合判局：{}；棋谱续至第 {} 回合，全部载入）",
     " (the rules end the game at move {}: {}; the record goes on to move {}, all of it shown)"},
    {Phrase::StoppedAtMove, "（只载入前 {} 步：第 {} 步 {} 无法走出）", " (the first {} moves: move {}, {}, cannot be played)"},
    {Phrase::SavedGames, "载入保存的对局", "Open a saved game"},
    {Phrase::Cancel, "取消", "Cancel"},
    {Phrase::YouAndComputer, "{} – {}", "{} – {}"},
    {Phrase::EngineRemoved, "已从引擎列表移除 {}", "Removed {} from the engines"},
    {Phrase::DropEngine, "把引擎程序拖进窗口即可添加", "Drop an engine program on the window to add it"},
    {Phrase::RoleRed, "·执红", " (red)"},
    {Phrase::RoleBlack, "·执黑", " (black)"},
    {Phrase::RoleAnalysis, "·分析", " (analysis)"},
    {Phrase::EngineSettingsTitle, "引擎设置：{}", "Engine: {}"},
    {Phrase::EngineProtocol, "协议：{}", "Protocol: {}"},
    {Phrase::ProtocolAuto, "自动（{}）", "auto ({})"},
    {Phrase::EngineNoOptions, "此引擎没有可设置的选项", "This engine declares no options"},
    {Phrase::EngineStarting, "引擎启动中…", "The engine is starting..."},
    {Phrase::EngineDefaults, "恢复默认", "Defaults"},
    {Phrase::Done, "完成", "Done"},
    {Phrase::EngineRestarts, "设置已保存，{} 重新启动", "Saved: {} restarts with them"},
    {Phrase::MatchButton, "引擎对抗…", "Match..."},
    {Phrase::MatchTitle, "引擎对抗", "Engine match"},
    {Phrase::MatchFirst, "甲方：{}", "First: {}"},
    {Phrase::MatchSecond, "乙方：{}", "Second: {}"},
    {Phrase::MatchGames, "局数：{}（轮换先后手）", "Games: {} (colours alternate)"},
    {Phrase::MatchPerMove, "每步用时：{}", "Time per move: {}"},
    {Phrase::MatchStart, "开始", "Start"},
    {Phrase::MatchStop, "停止", "Stop"},
    {Phrase::Close, "关闭", "Close"},
    {Phrase::MatchScore, "{} 对 {}：胜 {} 和 {} 负 {}，{} 分 / {} 局", "{} vs {}: +{} ={} -{}, {} of {} points"},
    {Phrase::MatchPlaying, "第 {} 局进行中，第 {} 步", "Game {} in progress, ply {}"},
    {Phrase::MatchOver, "对抗结束", "The match is over"},
    {Phrase::MatchStopped, "对抗中止：{}", "The match stopped: {}"},
    {Phrase::MatchSaved, "棋谱：{}", "Games: {}"},
    {Phrase::MatchGameLine, "{}. 红 {} – 黑 {}  {}  {} 步", "{}. {} (red) – {} (black)  {}  {} plies"},
    {Phrase::OnlinePlayers, "在线棋手（{}）：{}", "Online now ({}): {}"},
    {Phrase::OnlineButton, "联网", "Online"},
    {Phrase::PuzzleRatingNow, "你的等级分 {} → {}", "Your rating {} → {}"},
    {Phrase::AnalysisHeadShort, "{} · 深度 {} · {}方分数", "{} · depth {} · {}'s scores"},
    {Phrase::AnalysisNoLines, "{}：{}，没有搜索信息（开局库着法？）", "{}: {}, with no search lines (a book move?)"},
};
static_assert(sizeof kWords / sizeof kWords[0] == size_t(Phrase::Count), "a phrase without words");
constexpr bool in_order() {
  for (size_t i = 0; i < size_t(Phrase::Count); ++i)
    if (kWords[i].phrase != Phrase(i)) return false;
  return true;
}
static_assert(in_order(), "kWords is out of Phrase order");

}  // namespace

const char* phrase(Phrase p, Language lang) {
  const Words& w = kWords[size_t(p)];
  return lang == Language::English ? w.en : w.zh;
}

std::string say(Language lang, Phrase p, std::initializer_list<std::string> values) {
  const std::string pattern = phrase(p, lang);
  std::string out;
  auto value = values.begin();
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern.compare(i, 2, "{}") == 0 && value != values.end()) {
      out += *value++;
      ++i;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

std::optional<Language> parse_language(const std::string& code) {
  if (code == "zh") return Language::Chinese;
  if (code == "en") return Language::English;
  return std::nullopt;
}

const char* language_code(Language lang) { return lang == Language::English ? "en" : "zh"; }

Language language_of_locale(const std::string& locale) {
  const std::string name = locale.substr(0, locale.find('.'));
  if (name.empty() || name == "C" || name == "POSIX" || name.rfind("zh", 0) == 0) return Language::Chinese;
  return Language::English;
}

}  // namespace xq
