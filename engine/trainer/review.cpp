#include "review.h"

#include <algorithm>

#include "movegen.h"
#include "notation.h"
#include "pgn.h"

namespace xq {

namespace {

// One position's verdict: the score for the side to move and its line.
struct Scored {
  Score score = 0;
  int depth = 0;
  std::vector<Move> pv;
};

Scored score_position(Search& search, const Position& pos, const ReviewOptions& o, const std::atomic<bool>& stop) {
  Position p = pos;
  Move buf[kMaxMoves];
  if (generate_legal(p, buf) == 0) return {-kMateScore, 0, {}};  // mated or stalemated: lost now
  Limits limits;
  if (o.nodes) limits.nodes = o.nodes;
  else limits.movetime_ms = std::max(1, o.movetime_ms);
  Scored s;
  const SearchResult r = search.run(pos, limits, {}, stop, [&](const SearchInfo& i) { s.pv = i.pv; });
  s.score = r.score;
  s.depth = r.depth;
  if (s.pv.empty() || s.pv[0] != r.best) s.pv = {r.best};
  return s;
}

bool in_book(const Book* book, const Position& pos, Move m) {
  if (!book || book->empty()) return false;
  Position p = pos;
  for (const Book::Choice& c : book->moves(p))
    if (c.move == m) return true;
  return false;
}

std::string score_text(Score red) {
  if (is_mate_score(red)) {
    const int n = mate_in_moves(red);
    return std::string(n > 0 ? "red" : "black").append(" mates in ").append(std::to_string(std::abs(n)));
  }
  return std::string(red > 0 ? "+" : "").append(std::to_string(red));
}

}  // namespace

int clip_review_score(Score s) { return std::clamp(int(s), -kReviewClip, kReviewClip); }

Judgement judge_loss(int loss) {
  if (loss >= kBlunderLoss) return Judgement::Blunder;
  if (loss >= kMistakeLoss) return Judgement::Mistake;
  if (loss >= kInaccuracyLoss) return Judgement::Inaccuracy;
  return Judgement::None;
}

int judgement_nag(Judgement j) {
  switch (j) {
    case Judgement::Inaccuracy: return 6;
    case Judgement::Mistake: return 2;
    case Judgement::Blunder: return 4;
    default: return 0;
  }
}

std::vector<MoveReview> review_game(const Game& g, const ReviewOptions& options, const std::atomic<bool>& stop,
                                    const std::function<void(int, int)>& progress) {
  TranspositionTable tt(options.hash_mb);
  Search search(tt);
  const int n = g.ply();
  std::vector<MoveReview> out;
  Position before = g.position_at(0);
  Scored prev = score_position(search, before, options, stop);
  if (progress) progress(1, n + 1);
  for (int i = 0; i < n && !stop.load(); ++i) {
    const Move m = g.moves()[size_t(i)];
    Position after = before;
    after.do_move(m);
    const Scored next = score_position(search, after, options, stop);
    if (stop.load()) break;
    MoveReview r;
    r.played = m;
    r.depth = prev.depth;
    r.best_score = prev.score;
    r.played_score = -next.score;
    r.red_score = before.side() == RED ? r.played_score : -r.played_score;
    if (in_book(options.book, before, m)) {
      r.judgement = Judgement::Book;
    } else if (!prev.pv.empty() && prev.pv[0] != m) {
      r.loss = std::max(0, clip_review_score(r.best_score) - clip_review_score(r.played_score));
      r.judgement = judge_loss(r.loss);
      if (r.judgement != Judgement::None) r.better = prev.pv;
    }
    out.push_back(std::move(r));
    before = std::move(after);
    prev = next;
    if (progress) progress(i + 2, n + 1);
  }
  return out;
}

std::string review_to_pgn(const Game& g, std::vector<std::pair<std::string, std::string>> tags,
                          const std::vector<MoveReview>& review) {
  std::vector<PgnNote> notes(review.size());
  for (size_t i = 0; i < review.size(); ++i) {
    const MoveReview& r = review[i];
    PgnNote& note = notes[i];
    if (r.judgement == Judgement::Book) {
      note.comment = "book";
      continue;
    }
    note.comment = score_text(r.red_score);
    note.nag = judgement_nag(r.judgement);
    if (!r.better.empty()) {
      note.variation = r.better;
      const Score better_red = g.position_at(int(i)).side() == RED ? r.best_score : -r.best_score;
      note.variation_comment = score_text(better_red);
    }
  }
  return write_pgn(g, std::move(tags), notes);
}

}  // namespace xq
