// Every phrase the game shows, in Chinese and in English. Code names a phrase;
// the player's language picks the words. "{}" marks where a value goes.
#pragma once
#include <initializer_list>
#include <optional>
#include <string>

namespace xq {

enum class Language { Chinese, English };

enum class Phrase {
  // Panel buttons and labels.
  NewGame, Undo, Redo, Flip, Hint, Sound, Animation, Analysis,
  Level0, Level1, Level2, Level3, Level4, Level5, Level6, Level7, LevelLabel, Ponder,
  ModeRed, ModeBlack, ModeTwo, ModeDemo,
  Save, Load, Copy, Paste, OneHorse, TwoHorses, NinePieces, OtherLanguage,
  OfferDraw, Resign, NativeNotation, NoClock, RedClock, BlackClock,
  // The status line.
  GameOver, Reviewing, Thinking, Hinting, RedToMove, BlackToMove, RedInCheck, BlackInCheck,
  // Why a move or an offer was refused.
  MustAnswerCheck, CannotMoveThere, ExposesKing, DrawDeclined,
  // The result banner's second line.
  BannerNote,
  // The analysis lines.
  DepthScore, DepthMate, DepthMated, NodesSpeed, NodesOnly, GraphRedBetter, GraphBlackBetter,
  // The resume question.
  ResumeQuestion, ResumeYes, ResumeOnlineQuestion, ResumeOnlineYes, OnlineCannotReturn, ResignQuestion, KeepPlaying, BannerNewGame, BannerPuzzleNext, BannerPuzzleAgain, PuzzleUnratedHint, PuzzleUnratedSeen,
  // Passing messages.
  Resumed, CannotResume, CannotOpen, Opened, Saved, SavedIn, SavedMoves, NoSavedGame, CannotRead, Pasted, TheClipboard,
  NotAPosition, Copied, CopiedGame, MoreGames, CollectionTitle, CollectionSortBy, CollectionSortFile, CollectionSortYear, CollectionSortPlayer, CollectionReading, CollectionFirstOf, CollectionRow, CollectionGame, CollectionSkipped, CollectionPlies, CollectionFilter, ByoyomiFace,
  ExplorerHead, ExplorerTitle, ExplorerRow, ExplorerRowNoResults, ExplorerNoResult, ExplorerYear, ExplorerBook, ExplorerEmpty, ExplorerLoading, ExplorerGames,
  ExplorerImport, ExplorerClose, ExplorerNotHere, ExplorerVariation, LibraryGames, Importing, Imported, ImportMerged, ImportCancelled, LibraryError, LibraryAll, LibraryAllButton,
  RecordMain, RecordVariation, VariationsFolded, Look, LookTitle, LookBoards, LookPieces,
  // Online play (the O dialog).
  OnlineTitle, OnlineServer, OnlineName, OnlinePassword, OnlineGuest, OnlineLogIn, OnlineRegister, OnlineHost,
  OnlineLogOut, OnlineRated, OnlineCasual, OnlineRatedOn, OnlineRatedOff, OnlineAccountsOnly, OnlineSeeks, OnlineNoSeeks, OnlineMySeek, OnlineSeekRow, OnlineNewSeek,
  OnlineConnecting, OnlineReconnecting, OnlineGameStarted, OnlineHosting, OnlineCannotHost, OnlineNotNow,
  OnlineDrawOffered, OnlineTakebackAsked, OnlineErrCredentials, OnlineErrTaken, OnlineErrGuestName, OnlineErrGuestRated, OnlineErrToken, OnlineErrBusy, OnlineErrWait, OnlineErrRate, OnlineErrNotSaved, OnlineErrReplaced, OnlineErrLogin, OnlineErrPlaying, OnlineErrSeeks, OnlineErrNotYourMove, OnlineErrIllegal,
  OnlineDrawSent, OnlineTakebackSent, OnlineAgreeDraw, OnlineAgreeTakeback, OnlineDecline, OnlineAway, OnlineBack, OnlineRatingChange, OnlineClosed, OnlineGaveUp,
  OnlineBadAddress, OnlineLoggedIn, OnlineStatus, OnlineRed, OnlineBlack, OnlineAny, OnlineDeclined,
  OnlineGames, OnlineGameRow, OnlineWatching, OnlineOnlyWatching,
  BoardWood, BoardPaper, BoardDark, PiecesTraditional, PiecesBold, PiecesSymbols, Promoted, MainLineStays, VariationRemoved, AnnotateTitle, AnnotateField, AnnotateDone, AnnotateNoMove, NoAnalysisLine, AnalysisLineAdded,
  // Saved games and the window.
  Computer, Player, Event, Title,
  // The key overlay (F1 or ?), one line per '\n'.
  HelpText,
  // The position editor.
  EditBoard, HelpButton, EditRedMoves, EditBlackMoves, EditClear, EditStart, EditRemove, EditDone, EditCancel,
  EditHint, EditPickFirst, EditCannotStandThere, EditNoMoreOfThese, EditNoRedKing, EditNoBlackKing, EditKingsFacing,
  EditWaitingSideInCheck,
  // Puzzles.
  Puzzles, PuzzlePrev, PuzzleNext, PuzzleRetry, PuzzleExit, PuzzleStatus, PuzzleSolved, PuzzleFailed, PuzzleTooLong, PuzzleRatingChange, PuzzleRatings,
  NoPuzzles, PuzzleWrong, PuzzleSolutionHead, PuzzleProgress, PuzzleProgressTitle, PuzzleOfDay, PuzzleRetryFailed, PuzzleNoFailed,
  PuzzleThemeRow, PuzzleSolvedCount, PuzzleNoAttempts, PuzzleGraphLabel,
  ThemeMate, ThemeFork, ThemeDiscovered, ThemePin, ThemeTrap, ThemeMaterial, ThemeDefence, ThemeEnding,
  // Engines and analysis.
  EngineFailed, EngineCannotStart, EngineButton, BuiltIn, AnalysisHead, Analysing,
  // Game review.
  ReviewButton, ReviewProgress, ReviewDone, ReviewBetter, ReviewNoMoves,
  // Opening files.
  VariationsSkipped, PlayFromHere, RecordShown, VerdictNote, VerdictOpened, StoppedAtMove, SavedGames, Cancel, YouAndComputer, EngineRemoved, DropEngine, RoleRed, RoleBlack,
  RoleAnalysis,
  // Engine settings and the engine match.
  EngineSettingsTitle, EngineProtocol, ProtocolAuto, EngineNoOptions, EngineStarting, EngineDefaults, Done,
  EngineRestarts, MatchButton, MatchTitle, MatchFirst, MatchSecond, MatchGames, MatchPerMove, MatchStart,
  MatchStop, Close, MatchScore, MatchPlaying, MatchOver, MatchStopped, MatchSaved, MatchGameLine,
  // The lobby's players and the panel's way to it.
  OnlinePlayers, OnlineButton, PuzzleRatingNow, AnalysisHeadShort, AnalysisNoLines,
  Count
};

const char* phrase(Phrase p, Language lang);
// The phrase with each "{}" replaced by the next value.
std::string say(Language lang, Phrase p, std::initializer_list<std::string> values = {});

// "zh" and "en"; nullopt for anything else.
std::optional<Language> parse_language(const std::string& code);
const char* language_code(Language lang);
// The language a locale name (LC_ALL, LC_MESSAGES, LANG) asks for: English
// for a named locale other than zh_*; Chinese for zh_* and for the unnamed
// ones (C, POSIX), the game's first language.
Language language_of_locale(const std::string& locale);

}  // namespace xq
