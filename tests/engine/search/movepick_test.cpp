// The move picker: every pseudo-legal move exactly once, in stage order, with
// any hash move, killers and counter move (legal or not) thrown at it; the
// quiescence picker returns only captures that do not lose material.
#include <random>

#include "attacks.h"
#include "movepick.h"
#include "see.h"
#include "test_util.h"

TEST(MovePicker, EveryMoveExactlyOnceInStageOrder) {
  std::mt19937 rng(7);
  auto history = std::make_unique<xq::ButterflyHistory>();
  history->clear();
  for (int i = 0; i < 5000; ++i) history->update(xq::Color(rng() % 2), xq::make_move(xq::make_square(rng() % 9, rng() % 10), xq::make_square(rng() % 9, rng() % 10)), int(rng() % 2001) - 1000);
  for (const xq::Position& p : random_positions(20, 100, 99)) {
    xq::Move all[xq::kMaxMoves];
    const int n = xq::generate(p, all);
    std::multiset<xq::Move> expected(all, all + n);
    // Special moves: sometimes real moves of this position, sometimes junk.
    auto pick = [&]() -> xq::Move { return rng() % 3 ? all[rng() % n] : xq::Move(rng() & 0xFFFF); };
    const xq::Move hash = pick(), k1 = pick(), k2 = pick(), counter = pick();
    xq::MovePicker mp(p, hash, k1, k2, counter, history.get(), nullptr);
    std::multiset<xq::Move> got;
    int stage = 0;  // 0 hash, 1 good captures, 2 specials and quiets, 3 bad captures
    for (xq::Move m; (m = mp.next());) {
      got.insert(m);
      const bool capture = p.piece_at(xq::move_to(m)) != 0;
      int s;
      if (m == hash && got.size() == 1) s = 0;
      else if (capture && mp.in_bad_captures()) s = 3;
      else if (capture) s = 1;
      else s = 2;
      EXPECT_GE(s, stage) << "move " << xq::move_to_iccs(m) << " came after a later stage";
      stage = s;
      if (s == 1) {
        EXPECT_TRUE(xq::see_ge(p, m, 0));
      }
      if (s == 3) {
        EXPECT_FALSE(xq::see_ge(p, m, 0));
      }
    }
    EXPECT_EQ(got, expected) << xq::to_fen(p);
  }
}

TEST(MovePicker, QuiescenceGivesOnlyCapturesThatDoNotLose) {
  for (const xq::Position& p : random_positions(20, 100, 5)) {
    xq::Move all[xq::kMaxMoves];
    const int n = xq::generate(p, all, xq::GenType::Captures);
    std::set<xq::Move> expected;
    for (int i = 0; i < n; ++i)
      if (xq::see_ge(p, all[i], 0)) expected.insert(all[i]);
    xq::MovePicker mp(p, xq::kNoMove);
    std::set<xq::Move> got;
    int last_victim = 1 << 30;
    for (xq::Move m; (m = mp.next());) {
      EXPECT_TRUE(got.insert(m).second) << "twice: " << xq::move_to_iccs(m);
      const int v = xq::mvv_lva(p, m);
      EXPECT_LE(v, last_victim) << "not in MVV/LVA order";
      last_victim = v;
    }
    EXPECT_EQ(got, expected) << xq::to_fen(p);
  }
}

// The attacker lists (attacks.h) answer legality and check exactly as the
// board does: every pseudo-legal move of random games, in check or not.
TEST(MoveGen, AttackerListsAgreeWithTheBoard) {
  int checks = 0, illegal = 0, evasions = 0;
  for (xq::Position p : random_positions(30, 150, 11)) {
    const xq::KingAttackers own = xq::king_attackers(p, p.side()), theirs = xq::king_attackers(p, ~p.side());
    const bool in_check = p.in_check();
    xq::Move moves[xq::kMaxMoves];
    const int n = xq::generate(p, moves);
    for (int i = 0; i < n; ++i) {
      const xq::Move m = moves[i];
      const std::string where = xq::to_fen(p) + " " + xq::move_to_iccs(m);
      const bool safe = p.move_is_safe(m);
      ASSERT_EQ(xq::leaves_king_safe(p, own, m), safe) << where;
      if (!safe) {
        ++illegal;
        continue;
      }
      evasions += in_check;
      const bool predicted = xq::gives_check(p, theirs, m);
      EXPECT_EQ(p.move_gives_check(m), predicted) << where;
      p.do_move(m);
      // The check seen after making the move, by a fresh attack test.
      const bool check = p.king_attacked(p.side());
      EXPECT_EQ(p.in_check(), check) << where;
      p.undo_move();
      ASSERT_EQ(predicted, check) << where;
      checks += check;
    }
  }
  EXPECT_GT(checks, 500);
  EXPECT_GT(illegal, 500);
  EXPECT_GT(evasions, 100);
}

// The quiet-check generator gives the quiet moves that check, in the order
// of the full generator; the only ones it may leave out are king moves that
// "check" by facing the other king (illegal: the mover's king is as attacked).
TEST(MoveGen, QuietChecksAreTheCheckingQuietMovesInOrder) {
  int total = 0, facing = 0;
  for (xq::Position p : random_positions(40, 150, 23)) {
    if (p.in_check()) continue;
    const xq::KingAttackers theirs = xq::king_attackers(p, ~p.side());
    xq::Move quiets[xq::kMaxMoves], checks[xq::kMaxMoves];
    const int n = xq::generate(p, quiets, xq::GenType::Quiets);
    // Does king move m face the other king, nothing between?
    auto faces = [&](xq::Move m) {
      const xq::Square to = xq::move_to(m), other = p.king_square(~p.side());
      if (xq::move_from(m) != p.king_square(p.side()) || xq::file_of(to) != xq::file_of(other)) return false;
      const int step = to < other ? 16 : -16;
      for (xq::Square s = to + step; s != other; s += step)
        if (s != xq::move_from(m) && p.piece_at(s)) return false;
      return true;
    };
    const int k = xq::generate_quiet_checks(p, theirs, checks);
    int j = 0;  // next generated check to match
    for (int i = 0; i < n; ++i) {
      if (!p.move_gives_check(quiets[i])) continue;
      if (j < k && checks[j] == quiets[i]) {
        ++j;
        continue;
      }
      ASSERT_TRUE(faces(quiets[i])) << xq::to_fen(p) << " " << xq::move_to_iccs(quiets[i]) << " left out";
      EXPECT_FALSE(p.move_is_safe(quiets[i])) << xq::to_fen(p);
      ++facing;
    }
    ASSERT_EQ(j, k) << xq::to_fen(p) << ": a generated move is not a checking quiet move in order";
    total += k;
  }
  EXPECT_GT(total, 1000);
  EXPECT_GT(facing, 0) << "the positions include king moves that only face the other king";
}
