#include "ecco.h"

#include <sstream>
#include <unordered_map>

#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

// The classification's main lines. Red's moves are written from red's right
// (炮二平五 is h2e2), black's from black's right (马8进7 is h9g7); each code's
// line is the one the classification gives (a position reached by another
// move order, or mirrored, gets the same code).
const std::vector<EccoLine> kTable = {
    {"A00", "非常见开局", "Uncommon opening", ""},
    {"A01", "上仕局", "Advisor Opening", "仕四进五"},
    {"A02", "边马局", "Edge Horse Opening", "马二进一"},
    {"A03", "边炮局", "Edge Cannon Opening", "炮二平一"},
    {"A04", "巡河炮局", "Riverbank Cannon Opening", "炮二进二"},
    {"A05", "过河炮局", "River-Crossing Cannon Opening", "炮二进四"},
    {"A06", "兵底炮局", "Pawn-Base Cannon Opening", "炮二平三"},
    {"A07", "金钩炮局", "Golden Hook Cannon Opening", "炮二平七"},
    {"A08", "边兵局", "Edge Pawn Opening", "兵一进一"},
    {"A10", "飞相局", "Elephant Opening", "相三进五"},
    {"A11", "顺相局", "Same-Side Elephants", "相三进五 象7进5"},
    {"A12", "列相局", "Opposite-Side Elephants", "相三进五 象3进5"},
    {"A13", "飞相对进左马", "Elephant Opening vs Left Horse", "相三进五 马8进7"},
    {"A14", "飞相对进右马", "Elephant Opening vs Right Horse", "相三进五 马2进3"},
    {"A15", "飞相进三兵对进右马", "Elephant Opening with Third Pawn vs Right Horse", "相三进五 马2进3 兵三进一"},
    {"A16", "飞相进七兵对进右马", "Elephant Opening with Seventh Pawn vs Right Horse", "相三进五 马2进3 兵七进一"},
    {"A20", "飞相对左士角炮", "Elephant Opening vs Left Palcorner Cannon", "相三进五 炮8平6"},
    {"A21", "飞相对右士角炮", "Elephant Opening vs Right Palcorner Cannon", "相三进五 炮2平4"},
    {"A22", "飞相进左马对右士角炮", "Elephant Opening with Left Horse vs Right Palcorner Cannon", "相三进五 炮2平4 马八进七"},
    {"A23", "飞相左边马对右士角炮", "Elephant Opening with Left Edge Horse vs Right Palcorner Cannon", "相三进五 炮2平4 马八进九"},
    {"A24", "飞相横车对右士角炮", "Elephant Opening with Ranked Chariot vs Right Palcorner Cannon", "相三进五 炮2平4 车九进一"},
    {"A25", "飞相进三兵对右士角炮", "Elephant Opening with Third Pawn vs Right Palcorner Cannon", "相三进五 炮2平4 兵三进一"},
    {"A26", "飞相进七兵对右士角炮", "Elephant Opening with Seventh Pawn vs Right Palcorner Cannon", "相三进五 炮2平4 兵七进一"},
    {"A27", "飞相对左中炮", "Elephant Opening vs Left Central Cannon", "相三进五 炮8平5"},
    {"A28", "飞相转屏风马对左中炮", "Elephant Opening into Screen Horses vs Left Central Cannon",
     "相三进五 炮8平5 马二进三 马8进7 马八进七"},
    {"A29", "飞相对右中炮", "Elephant Opening vs Right Central Cannon", "相三进五 炮2平5"},
    {"A30", "飞相对左过宫炮", "Elephant Opening vs Left Cross-Palace Cannon", "相三进五 炮8平4"},
    {"A31", "飞相进右马对左过宫炮", "Elephant Opening with Right Horse vs Left Cross-Palace Cannon", "相三进五 炮8平4 马二进三"},
    {"A35", "飞相对右过宫炮", "Elephant Opening vs Right Cross-Palace Cannon", "相三进五 炮2平6"},
    {"A36", "飞相对进7卒", "Elephant Opening vs Seventh Pawn", "相三进五 卒7进1"},
    {"A37", "飞相进左马对进7卒", "Elephant Opening with Left Horse vs Seventh Pawn", "相三进五 卒7进1 马八进七"},
    {"A38", "飞相互进七兵局", "Elephant Opening, Both Seventh Pawns", "相三进五 卒7进1 兵七进一"},
    {"A39", "飞相对进3卒", "Elephant Opening vs Third Pawn", "相三进五 卒3进1"},
    {"A40", "起马局", "Horse Opening", "马二进三"},
    {"A41", "起马对进7卒", "Horse Opening vs Seventh Pawn", "马二进三 卒7进1"},
    {"A42", "起马转边炮对进7卒", "Horse Opening into Edge Cannon vs Seventh Pawn", "马二进三 卒7进1 炮二平一"},
    {"A43", "起马转仕角炮对进7卒", "Horse Opening into Palcorner Cannon vs Seventh Pawn", "马二进三 卒7进1 炮八平六"},
    {"A44", "起马转中炮对进7卒", "Horse Opening into Central Cannon vs Seventh Pawn", "马二进三 卒7进1 炮八平五"},
    {"A45", "起马互进七兵局", "Horse Opening, Both Seventh Pawns", "马二进三 卒7进1 兵七进一"},
    {"A50", "仕角炮局", "Palcorner Cannon Opening", "炮二平四"},
    {"A51", "仕角炮对进左马", "Palcorner Cannon vs Left Horse", "炮二平四 马8进7"},
    {"A52", "仕角炮对右中炮", "Palcorner Cannon vs Right Central Cannon", "炮二平四 炮2平5"},
    {"A53", "仕角炮转反宫马对右中炮", "Palcorner Cannon into Sandwiched Horses vs Right Central Cannon",
     "炮二平四 炮2平5 马二进三 马2进3 马八进七"},
    {"A54", "仕角炮对进7卒", "Palcorner Cannon vs Seventh Pawn", "炮二平四 卒7进1"},
    {"A60", "过宫炮局", "Cross-Palace Cannon Opening", "炮二平六"},
    {"A61", "过宫炮对进左马", "Cross-Palace Cannon vs Left Horse", "炮二平六 马8进7"},
    {"A62", "过宫炮对横车", "Cross-Palace Cannon vs Ranked Chariot", "炮二平六 车9进1"},
    {"A63", "过宫炮对左中炮", "Cross-Palace Cannon vs Left Central Cannon", "炮二平六 炮8平5"},
    {"A64", "过宫炮直车对左中炮", "Cross-Palace Cannon with Filed Chariot vs Left Central Cannon",
     "炮二平六 炮8平5 马二进三 马8进7 车一平二"},

    {"B00", "中炮局", "Central Cannon Opening", "炮二平五"},
    {"B05", "中炮对进左马", "Central Cannon vs Left Horse", "炮二平五 马8进7"},
    {"B07", "中炮对左炮封车", "Central Cannon vs Left Cannon Blockade", "炮二平五 马8进7 马二进三 炮8进4"},
    {"B10", "中炮对单提马", "Central Cannon vs Single Lifted Horse", "炮二平五 马2进3 马二进三 马8进9"},
    {"B20", "中炮对左三步虎", "Central Cannon vs Left Three-Step Tiger", "炮二平五 马8进7 马二进三 炮8平9"},
    {"B24", "中炮过河炮对左三步虎", "Central Cannon with River-Crossing Cannon vs Left Three-Step Tiger",
     "炮二平五 马8进7 马二进三 炮8平9 车一平二 车9平8 炮八进四"},
    {"B25", "中炮两头蛇对左三步虎", "Central Cannon with Two-Headed Snake vs Left Three-Step Tiger",
     "炮二平五 马8进7 马二进三 炮8平9 兵三进一 车9平8 兵七进一"},
    {"B31", "中炮对反宫马", "Central Cannon vs Sandwiched Horses", "炮二平五 马2进3 马二进三 炮8平6 车一平二 马8进7"},
    {"B40", "五六炮对反宫马", "Five-Six Cannons vs Sandwiched Horses",
     "炮二平五 马2进3 马二进三 炮8平6 车一平二 马8进7 炮八平六"},
    {"B42", "五六炮左正马对反宫马 黑右直车", "Five-Six Cannons with Left Horse vs Sandwiched Horses: Black Right Filed Chariot",
     "炮二平五 马2进3 马二进三 炮8平6 车一平二 马8进7 炮八平六 车1平2 马八进七"},
    {"B50", "五七炮对反宫马", "Five-Seven Cannons vs Sandwiched Horses",
     "炮二平五 马2进3 马二进三 炮8平6 车一平二 马8进7 炮八平七"},
    {"B51", "五七炮对反宫马左直车", "Five-Seven Cannons vs Sandwiched Horses with Left Filed Chariot",
     "炮二平五 马2进3 马二进三 炮8平6 车一平二 马8进7 炮八平七 车9平8"},

    {"C00", "中炮对屏风马", "Central Cannon vs Screen Horses", "炮二平五 马8进7 马二进三 马2进3"},
    {"C01", "中炮七路马对屏风马", "Central Cannon with Seventh-File Horse vs Screen Horses",
     "炮二平五 马8进7 马二进三 马2进3 马八进七"},
    {"C02", "中炮七路马对屏风马 红左马盘河", "Central Cannon with Seventh-File Horse vs Screen Horses: Red Left Riverbank Horse",
     "炮二平五 马8进7 马二进三 马2进3 马八进七 卒7进1 兵七进一 车9平8 马七进六"},
    {"C04", "中炮七路马对屏风马 红进中兵对黑双炮过河",
     "Central Cannon with Seventh-File Horse vs Screen Horses: Red Central Pawn vs Black Two River-Crossing Cannons",
     "炮二平五 马8进7 马二进三 马2进3 马八进七 炮8进4 兵五进一 炮2进4"},
    {"C05", "中炮左边马对屏风马", "Central Cannon with Left Edge Horse vs Screen Horses",
     "炮二平五 马8进7 马二进三 马2进3 马八进九"},
    {"C06", "中炮左边马对屏风马 红左横车", "Central Cannon with Left Edge Horse vs Screen Horses: Red Left Ranked Chariot",
     "炮二平五 马8进7 马二进三 马2进3 马八进九 卒3进1 车九进一"},
    {"C10", "中炮右横车对屏风马", "Central Cannon with Right Ranked Chariot vs Screen Horses",
     "炮二平五 马8进7 马二进三 马2进3 车一进一"},
    {"C14", "中炮右横车对屏风马 红进中兵", "Central Cannon with Right Ranked Chariot vs Screen Horses: Red Central Pawn",
     "炮二平五 马8进7 马二进三 马2进3 车一进一 卒7进1 兵五进一"},
    {"C15", "中炮巡河车对屏风马 红不进左马", "Central Cannon with Riverbank Chariot vs Screen Horses: Red Left Horse Held Back",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 车二进四"},
    {"C16", "中炮巡河车对屏风马 红进左马", "Central Cannon with Riverbank Chariot vs Screen Horses: Red Left Horse Out",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 车二进四 卒3进1 马八进七"},
    {"C17", "中炮过河车对屏风马", "Central Cannon with River-Crossing Chariot vs Screen Horses",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 车二进六"},
    {"C18", "中炮过河车七路马对屏风马", "Central Cannon with River-Crossing Chariot and Seventh-File Horse vs Screen Horses",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 车二进六 卒3进1 马八进七"},
    {"C19", "中炮过河车左边马对屏风马", "Central Cannon with River-Crossing Chariot and Left Edge Horse vs Screen Horses",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 车二进六 卒3进1 马八进九"},
    {"C20", "中炮过河车七路马对屏风马两头蛇",
     "Central Cannon with River-Crossing Chariot and Seventh-File Horse vs Screen Horses with Two-Headed Snake",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 马八进七 卒3进1"},
    {"C30", "中炮过河车互进七兵对屏风马", "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一"},
    {"C31", "中炮过河车互进七兵对屏风马上士",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Advisor",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 士4进5"},
    {"C32", "中炮过河车互进七兵对屏风马飞象",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Elephant",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 象3进5"},
    {"C35", "中炮过河车互进七兵对屏风马左马盘河",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Left Riverbank Horse",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 马7进6"},
    {"C40", "中炮过河车互进七兵对屏风马平炮兑车",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Edge Cannon for Chariot Exchange",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9"},
    {"C41", "中炮过河车互进七兵对屏风马平炮兑车 黑退边炮",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Edge Cannon for Chariot Exchange: "
     "Black Edge Cannon Back",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1"},
    {"C42", "中炮过河车互进七兵对屏风马平炮兑车 红七路马对黑退边炮",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Edge Cannon for Chariot Exchange: "
     "Red Seventh-File Horse vs Black Edge Cannon Back",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 马八进七"},
    {"C43", "中炮过河车互进七兵对屏风马平炮兑车 红七路马对黑退边炮上右士",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Edge Cannon for Chariot Exchange: "
     "Red Seventh-File Horse vs Black Edge Cannon Back and Right Advisor",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 马八进七 士4进5"},
    {"C44", "中炮过河车互进七兵对屏风马平炮兑车 红左马盘河对黑退边炮上右士",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Edge Cannon for Chariot Exchange: "
     "Red Left Riverbank Horse vs Black Edge Cannon Back and Right Advisor",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 马八进七 士4进5 "
     "马七进六"},
    {"C46", "中炮过河车互进七兵对屏风马平炮兑车 红左边炮对黑退边炮上右士右直车",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Edge Cannon for Chariot Exchange: "
     "Red Left Edge Cannon vs Black Edge Cannon Back, Right Advisor and Right Filed Chariot",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 马八进七 士4进5 "
     "炮八平九 车1平2"},
    {"C48", "中炮过河车互进七兵对屏风马平炮兑车 红仕角炮对黑退边炮",
     "Central Cannon with River-Crossing Chariot, Both Seventh Pawns, vs Screen Horses with Edge Cannon for Chariot Exchange: "
     "Red Palcorner Cannon vs Black Edge Cannon Back",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 炮八平六"},
    {"C50", "五六炮对屏风马", "Five-Six Cannons vs Screen Horses", "炮二平五 马8进7 马二进三 马2进3 炮八平六"},
    {"C51", "五六炮左边马对屏风马", "Five-Six Cannons with Left Edge Horse vs Screen Horses",
     "炮二平五 马8进7 马二进三 马2进3 炮八平六 车9平8 马八进九"},
    {"C60", "五七炮对屏风马", "Five-Seven Cannons vs Screen Horses", "炮二平五 马8进7 马二进三 马2进3 炮八平七"},
    {"C70", "五七炮对屏风马进3卒", "Five-Seven Cannons vs Screen Horses with Third Pawn",
     "炮二平五 马8进7 马二进三 马2进3 炮八平七 卒3进1"},
    {"C71", "五七炮对屏风马进3卒右马外盘河",
     "Five-Seven Cannons vs Screen Horses with Third Pawn and Right Outer Riverbank Horse",
     "炮二平五 马8进7 马二进三 马2进3 炮八平七 卒3进1 马八进九 马3进2"},
    {"C72", "五七炮互进三兵对屏风马边卒右马外盘河",
     "Five-Seven Cannons, Both Third Pawns, vs Screen Horses with Edge Pawn and Right Outer Riverbank Horse",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 马八进九 卒1进1 炮八平七 马3进2"},
    {"C73", "五七炮互进三兵对屏风马边卒右马外盘河 红左横车",
     "Five-Seven Cannons, Both Third Pawns, vs Screen Horses with Edge Pawn and Right Outer Riverbank Horse: Red Left "
     "Ranked Chariot",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 马八进九 卒1进1 炮八平七 马3进2 车九进一"},
    {"C77", "五七炮互进三兵对屏风马边卒右马外盘河 红左横车对黑飞右象",
     "Five-Seven Cannons, Both Third Pawns, vs Screen Horses with Edge Pawn and Right Outer Riverbank Horse: Red Left "
     "Ranked Chariot vs Black Right Elephant",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 马八进九 卒1进1 炮八平七 马3进2 车九进一 象3进5"},
    {"C78", "五七炮互进三兵对屏风马边卒右马外盘河 红左横车对黑兑边卒",
     "Five-Seven Cannons, Both Third Pawns, vs Screen Horses with Edge Pawn and Right Outer Riverbank Horse: Red Left "
     "Ranked Chariot vs Black Edge Pawn Exchange",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 马八进九 卒1进1 炮八平七 马3进2 车九进一 卒1进1"},
    {"C80", "中炮巡河炮对屏风马", "Central Cannon with Riverbank Cannon vs Screen Horses",
     "炮二平五 马8进7 马二进三 马2进3 炮八进二"},
    {"C90", "五八炮对屏风马", "Five-Eight Cannons vs Screen Horses", "炮二平五 马8进7 马二进三 马2进3 炮八进四"},
    {"C91", "五八炮互进三兵对屏风马", "Five-Eight Cannons, Both Third Pawns, vs Screen Horses",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 炮八进四"},
    {"C92", "五八炮互进三兵对屏风马 红左正马", "Five-Eight Cannons, Both Third Pawns, vs Screen Horses: Red Left Horse",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 炮八进四 象7进5 马八进七"},
    {"C95", "五八炮互进三兵对屏风马 红左边马对黑兑7卒",
     "Five-Eight Cannons, Both Third Pawns, vs Screen Horses: Red Left Edge Horse vs Black Seventh Pawn Exchange",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 炮八进四 卒7进1 马八进九"},
    {"C96", "五八炮互进三兵对屏风马 红左边马对黑边卒",
     "Five-Eight Cannons, Both Third Pawns, vs Screen Horses: Red Left Edge Horse vs Black Edge Pawn",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 炮八进四 象7进5 马八进九 卒1进1"},
    {"C97", "五八炮互进三兵对屏风马 红左边马平炮压马对黑边卒",
     "Five-Eight Cannons, Both Third Pawns, vs Screen Horses: Red Left Edge Horse, Cannon Pressing the Horse, vs Black "
     "Edge Pawn",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 炮八进四 象7进5 马八进九 卒1进1 炮八平七"},
    {"C99", "五九炮对屏风马", "Five-Nine Cannons vs Screen Horses", "炮二平五 马8进7 马二进三 马2进3 炮八平九"},

    {"D00", "顺炮缓开车局", "Same Direction Cannons, Slow Chariot", "炮二平五 炮8平5"},
    {"D10", "顺炮直车对缓开车", "Same Direction Cannons, Filed Chariot vs Delayed Chariot",
     "炮二平五 炮8平5 马二进三 马8进7 车一平二"},
    {"D20", "顺炮直车对横车", "Same Direction Cannons, Filed Chariot vs Ranked Chariot",
     "炮二平五 炮8平5 马二进三 马8进7 车一平二 车9进1"},
    {"D28", "顺炮直车对横车 红两头蛇", "Same Direction Cannons, Filed Chariot vs Ranked Chariot: Red Two-Headed Snake",
     "炮二平五 炮8平5 马二进三 马8进7 车一平二 车9进1 兵三进一 车9平4 兵七进一"},
    {"D29", "顺炮直车对横车 红两头蛇对黑双横车",
     "Same Direction Cannons, Filed Chariot vs Ranked Chariot: Red Two-Headed Snake vs Black Two Ranked Chariots",
     "炮二平五 炮8平5 马二进三 马8进7 车一平二 车9进1 兵三进一 车9平4 兵七进一 车1进1"},
    {"D30", "中炮对左炮封车转列炮", "Central Cannon vs Left Cannon Blockade into Opposite Direction Cannons",
     "炮二平五 马8进7 马二进三 炮8进4 马八进七 炮2平5"},
    {"D31", "中炮进三兵对左炮封车转列炮",
     "Central Cannon with Third Pawn vs Left Cannon Blockade into Opposite Direction Cannons",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 炮8进4 兵三进一 炮2平5"},
    {"D36", "中炮进三兵对左炮封车转列炮 红两头蛇",
     "Central Cannon with Third Pawn vs Left Cannon Blockade into Opposite Direction Cannons: Red Two-Headed Snake",
     "炮二平五 马8进7 马二进三 车9平8 车一平二 炮8进4 兵三进一 炮2平5 兵七进一"},
    {"D40", "中炮对左三步虎转列炮", "Central Cannon vs Left Three-Step Tiger into Opposite Direction Cannons",
     "炮二平五 马8进7 马二进三 炮8平9 车一平二 炮2平5"},
    {"D50", "中炮对列炮", "Central Cannon vs Opposite Direction Cannons", "炮二平五 炮2平5"},
    {"D51", "中炮对后补列炮", "Central Cannon vs Delayed Opposite Direction Cannons", "炮二平五 马8进7 马二进三 炮2平5"},
    {"D54", "中炮左直车对后补列炮", "Central Cannon with Left Filed Chariot vs Delayed Opposite Direction Cannons",
     "炮二平五 马8进7 马二进三 炮2平5 马八进七 马2进3 车九平八"},

    {"E00", "仙人指路局", "Pawn Opening", "兵三进一"},
    {"E01", "仙人指路对飞象", "Pawn Opening vs Elephant", "兵三进一 象3进5|兵三进一 象7进5"},
    {"E02", "仙人指路进右马对飞象", "Pawn Opening with Right Horse vs Elephant",
     "兵三进一 象3进5 马二进三|兵三进一 象7进5 马二进三"},
    {"E03", "仙人指路对中炮", "Pawn Opening vs Central Cannon", "兵三进一 炮8平5|兵三进一 炮2平5"},
    {"E04", "仙人指路对士角炮或过宫炮", "Pawn Opening vs Palcorner or Cross-Palace Cannon",
     "兵三进一 炮8平6|兵三进一 炮8平4|兵三进一 炮2平6|兵三进一 炮2平4"},
    {"E05", "仙人指路对金钩炮", "Pawn Opening vs Golden Hook Cannon", "兵三进一 炮2平7"},
    {"E06", "仙人指路对进右马", "Pawn Opening vs Right Horse", "兵三进一 马2进3"},
    {"E08", "两头蛇对进右马", "Two-Headed Snake vs Right Horse", "兵三进一 马2进3 兵七进一"},
    {"E09", "两头蛇对进右马转卒底炮", "Two-Headed Snake vs Right Horse into Pawn-Base Cannon",
     "兵三进一 马2进3 兵七进一 炮8平7"},
    {"E10", "仙人指路对卒底炮", "Pawn Opening vs Pawn-Base Cannon", "兵三进一 炮8平7"},
    {"E11", "仙人指路飞相对卒底炮", "Pawn Opening with Elephant vs Pawn-Base Cannon",
     "兵三进一 炮8平7 相三进五|兵三进一 炮8平7 相七进五"},
    {"E12", "仙人指路转右中炮对卒底炮", "Pawn Opening into Right Central Cannon vs Pawn-Base Cannon",
     "兵三进一 炮8平7 炮二平五"},
    {"E13", "仙人指路转左中炮对卒底炮", "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon",
     "兵三进一 炮8平7 炮八平五"},
    {"E14", "仙人指路转左中炮对卒底炮飞右象", "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon with Right Elephant",
     "兵三进一 炮8平7 炮八平五 象3进5"},
    {"E16", "仙人指路转左中炮对卒底炮飞右象 互进边马",
     "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon with Right Elephant: Both Edge Horses",
     "兵三进一 炮8平7 炮八平五 象3进5 马二进一 马8进9"},
    {"E20", "仙人指路转左中炮对卒底炮飞左象", "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon with Left Elephant",
     "兵三进一 炮8平7 炮八平五 象7进5"},
    {"E21", "仙人指路转左中炮对卒底炮飞左象 红先上仕",
     "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon with Left Elephant: Red Advisor First",
     "兵三进一 炮8平7 炮八平五 象7进5 仕四进五"},
    {"E31", "仙人指路转左中炮对卒底炮飞左象 黑连进7卒",
     "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon with Left Elephant: Black Seventh Pawn Twice",
     "兵三进一 炮8平7 炮八平五 象7进5 马八进七 卒7进1 马二进一 卒7进1"},
    {"E33", "仙人指路转左中炮对卒底炮飞左象 红左直车右边马对黑连进7卒右横车",
     "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon with Left Elephant: Red Left Filed Chariot and Right Edge "
     "Horse vs Black Seventh Pawn Twice and Right Ranked Chariot",
     "兵三进一 炮8平7 炮八平五 象7进5 马八进七 卒7进1 马二进一 卒7进1 车九平八 车1进1"},
    {"E36", "仙人指路转左中炮对卒底炮飞左象 红双直车右边马对黑连进7卒右横车",
     "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon with Left Elephant: Red Two Filed Chariots and Right Edge "
     "Horse vs Black Seventh Pawn Twice and Right Ranked Chariot",
     "兵三进一 炮8平7 炮八平五 象7进5 马八进七 卒7进1 马二进一 卒7进1 车九平八 车1进1 车一平二"},
    {"E37", "仙人指路转左中炮对卒底炮飞左象 红右边马",
     "Pawn Opening into Left Central Cannon vs Pawn-Base Cannon with Left Elephant: Red Right Edge Horse",
     "兵三进一 炮8平7 炮八平五 象7进5 马二进一"},
    {"E40", "对兵局", "Pawn vs Pawn Opening", "兵三进一 卒3进1"},
    {"E41", "对兵进右马局", "Pawn vs Pawn with Right Horse", "兵三进一 卒3进1 马二进三"},
    {"E42", "对兵互进右马局", "Pawn vs Pawn, Both Right Horses", "兵三进一 卒3进1 马二进三 马2进3"},
    {"E43", "对兵互进右马局 红飞相", "Pawn vs Pawn, Both Right Horses: Red Elephant",
     "兵三进一 卒3进1 马二进三 马2进3 相三进五|兵三进一 卒3进1 马二进三 马2进3 相七进五"},
    {"E44", "对兵互进右马局 红横车", "Pawn vs Pawn, Both Right Horses: Red Ranked Chariot",
     "兵三进一 卒3进1 马二进三 马2进3 车一进一"},
    {"E45", "对兵互进右马局 红边炮", "Pawn vs Pawn, Both Right Horses: Red Edge Cannon",
     "兵三进一 卒3进1 马二进三 马2进3 炮二平一"},
    {"E46", "对兵转兵底炮", "Pawn vs Pawn into Pawn-Base Cannon", "兵三进一 卒3进1 炮八平七"},
    {"E47", "对兵转兵底炮对右中炮", "Pawn vs Pawn into Pawn-Base Cannon vs Right Central Cannon",
     "兵三进一 卒3进1 炮八平七 炮2平5"},
    {"E48", "对兵转兵底炮对左中炮", "Pawn vs Pawn into Pawn-Base Cannon vs Left Central Cannon",
     "兵三进一 卒3进1 炮八平七 炮8平5"},
};

// What a table line asks of a position: the squares its moves changed, with
// what stands there at its end (a piece, or 0: the piece that started there
// has left), its first move and its length (deeper lines are more specific).
struct Pattern {
  size_t entry;
  Move first;
  size_t plies;
  std::vector<std::pair<Square, int>> squares;  // square, kind (0 = left)
};

int kind_at(const Position& p, Square s) {
  const PieceId id = p.piece_at(s);
  return id ? piece_index(id) + 1 : 0;
}

struct Index {
  std::vector<Pattern> patterns;
  uint64_t start_key = 0;
};

// Plays every table line once and keeps what it changed on the board. A line
// that cannot be played is a defect of the table, caught by the tests.
const Index& index() {
  static const Index idx = [] {
    Index out;
    FenData start;
    parse_fen(kStartFen, start, nullptr);
    out.start_key = start.pos.key();
    for (size_t i = 0; i < kTable.size(); ++i) {
      std::stringstream lines(kTable[i].moves);
      std::string line;
      while (std::getline(lines, line, '|')) {
        if (line.empty()) continue;
        Position pos = start.pos;
        std::stringstream words(line);
        std::string w;
        bool ok = true;
        Move first = kNoMove;
        size_t plies = 0;
        while (ok && words >> w) {
          ++plies;
          Move m = kNoMove;
          ok = chinese_to_move(pos, w, m, nullptr) && pos.do_legal_move(m);
          if (first == kNoMove) first = m;
        }
        if (!ok) continue;
        Pattern pat{i, first, plies, {}};
        for (int s = 0; s < 256; ++s) {
          if (!geo().in_board[s]) continue;
          const int k = kind_at(pos, Square(s));
          if (k != kind_at(start.pos, Square(s))) pat.squares.emplace_back(Square(s), k);
        }
        out.patterns.push_back(std::move(pat));
      }
    }
    return out;
  }();
  return idx;
}

Move mirror_move(Move m) { return make_move(mirror_square(move_from(m)), mirror_square(move_to(m))); }

// Does the position hold everything the line changed (seen mirrored when
// `mirrored`)? Other pieces may have moved too: a code is the class of the
// position its line builds, reached in any order and with any extra moves.
// A square the line left may hold another piece since (车9平8 fills 马8's).
bool holds(const Position& pos, const Position& start, const Pattern& pat, bool mirrored) {
  for (const auto& [s, k] : pat.squares) {
    const Square at = mirrored ? mirror_square(s) : s;
    const int here = kind_at(pos, at);
    if (k ? here != k : here == kind_at(start, at)) return false;
  }
  return true;
}

EccoOpening opening_of(size_t i, int plies) {
  return {kTable[i].code, kTable[i].zh, kTable[i].en, plies};
}

}  // namespace

const std::vector<EccoLine>& ecco_table() { return kTable; }

EccoOpening classify_opening(const std::string& start_fen, const std::vector<Move>& moves) {
  FenData d;
  if (!parse_fen(start_fen, d, nullptr)) return {};
  const Index& idx = index();
  if (d.pos.key() != idx.start_key || moves.empty()) return {};
  EccoOpening best = opening_of(0, 0);  // A00 until a line is met
  size_t best_plies = 0;
  const Position start = d.pos;
  Position& pos = d.pos;
  // A line counts only in its own family (the game's first move, either way
  // round): a 中炮 game that later plays 相三进五 is not 飞相局.
  const Move first = moves[0];
  // Openings are classified in the first moves; 30 plies cover every table line.
  for (size_t ply = 0; ply < moves.size() && ply < 30; ++ply) {
    if (!is_legal(pos, moves[ply])) break;
    pos.do_move(moves[ply]);
    for (const Pattern& pat : idx.patterns) {
      // The most specific line wins; among equals, the one met first.
      if (pat.plies <= best_plies) continue;
      const bool straight = pat.first == first && holds(pos, start, pat, false);
      const bool mirrored = !straight && mirror_move(pat.first) == first && holds(pos, start, pat, true);
      if (straight || mirrored) {
        best = opening_of(pat.entry, int(ply) + 1);
        best_plies = pat.plies;
      }
    }
  }
  return best;
}

EccoOpening ecco_name(const std::string& code) {
  for (size_t i = 0; i < kTable.size(); ++i)
    if (code == kTable[i].code) return opening_of(i, 0);
  return {};
}

}  // namespace xq
