#include "app/policy/linear_regex.h"

#include <cctype>

namespace dmlc::app::policy {

namespace {

using Set = std::bitset<256>;

struct Node {
  enum Kind { kSet, kCat, kAlt, kStar, kPlus, kQuest, kBegin, kEnd } kind;
  int set = 0;
  std::vector<Node> kids;
};

Set Range(int from, int to) {
  Set s;
  for (int c = from; c <= to; ++c) s.set(static_cast<size_t>(c));
  return s;
}

Set Where(int (*is)(int)) {
  Set s;
  for (int c = 0; c < 256; ++c) s.set(static_cast<size_t>(c), is(c) != 0);
  return s;
}

int IsWord(int c) { return c == '_' || (c < 128 && std::isalnum(c)); }
int IsDigit(int c) { return c >= '0' && c <= '9'; }
int IsSpace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

}  // namespace

// Recursive descent over the pattern into a Node tree, then one pass emitting the program. Recursion
// goes one level a group (bounded by kMaxGroupDepth), since a quantifier may not follow a quantifier.
class RegexCompiler {
 public:
  RegexCompiler(std::string_view p, LinearRegex& out) : p_(p), out_(out) {}

  Status Run() {
    Node root;
    DMLC_RETURN_IF_ERROR(Alternation(root, 0));
    if (at_ < p_.size()) return Fail("unmatched ')'");
    Emit(root);
    out_.program_.push_back({LinearRegex::Op::kMatch});
    return OkStatus();
  }

 private:
  Error Fail(const std::string& what) const {
    return MakeError("patterns", "", what + " at offset " + std::to_string(at_),
                     "the linear-time subset of regular expressions (docs/isolation-and-ci.md)");
  }
  bool More() const { return at_ < p_.size(); }
  char Peek() const { return p_[at_]; }

  int AddSet(const Set& s) {
    out_.sets_.push_back(s);
    return static_cast<int>(out_.sets_.size()) - 1;
  }

  Status Alternation(Node& out, int depth) {
    out = Node{Node::kAlt};
    out.kids.emplace_back();
    DMLC_RETURN_IF_ERROR(Concatenation(out.kids.back(), depth));
    while (More() && Peek() == '|') {
      ++at_;
      out.kids.emplace_back();
      DMLC_RETURN_IF_ERROR(Concatenation(out.kids.back(), depth));
    }
    return OkStatus();
  }

  Status Concatenation(Node& out, int depth) {
    out = Node{Node::kCat};
    while (More() && Peek() != '|' && Peek() != ')') {
      Node atom;
      DMLC_RETURN_IF_ERROR(Atom(atom, depth));
      DMLC_RETURN_IF_ERROR(Quantified(atom));
      out.kids.push_back(std::move(atom));
    }
    return OkStatus();
  }

  Status Quantified(Node& atom) {
    if (!More()) return OkStatus();
    Node::Kind kind;
    switch (Peek()) {
      case '*': kind = Node::kStar; break;
      case '+': kind = Node::kPlus; break;
      case '?': kind = Node::kQuest; break;
      case '{': return Fail("unsupported: counted repetition '{'");
      default: return OkStatus();
    }
    if (atom.kind == Node::kBegin || atom.kind == Node::kEnd) return Fail("nothing to repeat");
    ++at_;
    if (More() && Peek() == '?') ++at_;  // lazy: the same whole-id matches
    if (More() && (Peek() == '*' || Peek() == '+' || Peek() == '?' || Peek() == '{')) return Fail("nothing to repeat");
    Node q{kind};
    q.kids.push_back(std::move(atom));
    atom = std::move(q);
    return OkStatus();
  }

  Status Atom(Node& out, int depth) {
    const char c = p_[at_++];
    switch (c) {
      case '(': return Group(out, depth);
      case '[': return Class(out);
      case '^': out = Node{Node::kBegin}; return OkStatus();
      case '$': out = Node{Node::kEnd}; return OkStatus();
      case '.': out = Node{Node::kSet, AddSet(~Range('\n', '\n'))}; return OkStatus();
      case '*': case '+': case '?': case '{': --at_; return Fail("nothing to repeat");
      case '\\': {
        Set s;
        DMLC_RETURN_IF_ERROR(Escape(s));
        out = Node{Node::kSet, AddSet(s)};
        return OkStatus();
      }
      default: out = Node{Node::kSet, AddSet(Range(static_cast<uint8_t>(c), static_cast<uint8_t>(c)))}; return OkStatus();
    }
  }

  Status Group(Node& out, int depth) {
    if (depth + 1 > LinearRegex::kMaxGroupDepth) return Fail("groups nested deeper than " + std::to_string(LinearRegex::kMaxGroupDepth));
    if (More() && Peek() == '?') {
      if (p_.substr(at_, 2) != "?:") return Fail("unsupported: look-around or named group '(?'");
      at_ += 2;
    }
    DMLC_RETURN_IF_ERROR(Alternation(out, depth + 1));
    if (!More() || Peek() != ')') return Fail("missing ')'");
    ++at_;
    return OkStatus();
  }

  // After a '\\'; the escaped byte's class in `s`.
  Status Escape(Set& s) {
    if (!More()) return Fail("'\\' at the end");
    const char c = p_[at_++];
    switch (c) {
      case 'd': s = Where(IsDigit); return OkStatus();
      case 'D': s = ~Where(IsDigit); return OkStatus();
      case 'w': s = Where(IsWord); return OkStatus();
      case 'W': s = ~Where(IsWord); return OkStatus();
      case 's': s = Where(IsSpace); return OkStatus();
      case 'S': s = ~Where(IsSpace); return OkStatus();
      case 't': s = Range('\t', '\t'); return OkStatus();
      case 'n': s = Range('\n', '\n'); return OkStatus();
      case 'r': s = Range('\r', '\r'); return OkStatus();
      default: break;
    }
    if (std::isalnum(static_cast<unsigned char>(c))) {
      --at_;
      return Fail(std::string("unsupported escape '\\") + c + "' (back-references, \\b and the like)");
    }
    s = Range(static_cast<uint8_t>(c), static_cast<uint8_t>(c));
    return OkStatus();
  }

  Status Class(Node& out) {
    const bool negated = More() && Peek() == '^';
    if (negated) ++at_;
    Set s;
    while (More() && Peek() != ']') {
      Set item;
      int low = static_cast<uint8_t>(Peek());
      ++at_;
      if (low == '\\') {
        DMLC_RETURN_IF_ERROR(Escape(item));
        low = item.count() == 1 ? FirstIn(item) : -1;
      } else {
        item = Range(low, low);
      }
      if (low >= 0 && at_ + 1 < p_.size() && Peek() == '-' && p_[at_ + 1] != ']') {
        ++at_;
        int high = static_cast<uint8_t>(p_[at_++]);
        if (high == '\\') {
          Set h;
          DMLC_RETURN_IF_ERROR(Escape(h));
          if (h.count() != 1) return Fail("a class escape cannot end a range");
          high = FirstIn(h);
        }
        if (high < low) return Fail("range out of order");
        item = Range(low, high);
      }
      s |= item;
    }
    if (!More()) return Fail("missing ']'");
    ++at_;
    out = Node{Node::kSet, AddSet(negated ? ~s : s)};
    return OkStatus();
  }

  static int FirstIn(const Set& s) {
    for (int c = 0; c < 256; ++c) {
      if (s.test(static_cast<size_t>(c))) return c;
    }
    return -1;
  }

  using Op = LinearRegex::Op;
  int Here() const { return static_cast<int>(out_.program_.size()); }
  int Put(Op op, int x = 0, int y = 0) {
    out_.program_.push_back({op, x, y});
    return Here() - 1;
  }

  // Thompson's construction, one fragment a node.
  void Emit(const Node& n) {
    auto& prog = out_.program_;
    switch (n.kind) {
      case Node::kSet: Put(Op::kSet, n.set); return;
      case Node::kBegin: Put(Op::kBegin); return;
      case Node::kEnd: Put(Op::kEnd); return;
      case Node::kCat:
        for (const Node& k : n.kids) Emit(k);
        return;
      case Node::kAlt: {
        std::vector<int> jumps;
        for (size_t i = 0; i + 1 < n.kids.size(); ++i) {
          const int split = Put(Op::kSplit, Here() + 1);
          Emit(n.kids[i]);
          jumps.push_back(Put(Op::kJump));
          prog[split].y = Here();
        }
        Emit(n.kids.back());
        for (int j : jumps) prog[j].x = Here();
        return;
      }
      case Node::kStar: {
        const int split = Put(Op::kSplit, Here() + 1);
        Emit(n.kids[0]);
        Put(Op::kJump, split);
        prog[split].y = Here();
        return;
      }
      case Node::kPlus: {
        const int start = Here();
        Emit(n.kids[0]);
        Put(Op::kSplit, start, Here() + 1);
        return;
      }
      case Node::kQuest: {
        const int split = Put(Op::kSplit, Here() + 1);
        Emit(n.kids[0]);
        prog[split].y = Here();
        return;
      }
    }
  }

  std::string_view p_;
  LinearRegex& out_;
  size_t at_ = 0;
};

Result<LinearRegex> LinearRegex::Compile(std::string_view pattern) {
  LinearRegex regex;
  if (pattern.size() > kMaxPatternBytes) {
    return MakeError("patterns", "", "a pattern of " + std::to_string(pattern.size()) + " bytes",
                     "at most " + std::to_string(kMaxPatternBytes) + " bytes");
  }
  RegexCompiler compiler(pattern, regex);
  DMLC_RETURN_IF_ERROR(compiler.Run());
  return regex;
}

namespace {

// The threads at one position: a sparse set of program counters, each added once, so a step costs
// O(program size) whatever loops of empty width the program holds.
struct ThreadList {
  std::vector<int> pcs;
  std::vector<size_t> seen_at;  // the step (+1) pc was last added in; 0 never
};

}  // namespace

bool LinearRegex::FullMatch(std::string_view text) const {
  const size_t n = program_.size();
  ThreadList current{{}, std::vector<size_t>(n, 0)};
  ThreadList next{{}, std::vector<size_t>(n, 0)};
  std::vector<int> stack;
  // Follows the jumps, splits and anchors from `pc` at `pos`, adding each state that consumes a byte
  // (or matches) to `list`; an explicit stack, not recursion, so no program depth reaches the C stack.
  auto add = [&](ThreadList& list, int start, size_t pos) {
    stack.assign(1, start);
    while (!stack.empty()) {
      const int pc = stack.back();
      stack.pop_back();
      if (list.seen_at[static_cast<size_t>(pc)] == pos + 1) continue;
      list.seen_at[static_cast<size_t>(pc)] = pos + 1;
      const Inst& in = program_[static_cast<size_t>(pc)];
      switch (in.op) {
        case Op::kJump: stack.push_back(in.x); break;
        case Op::kSplit: stack.push_back(in.y); stack.push_back(in.x); break;
        case Op::kBegin: if (pos == 0) stack.push_back(pc + 1); break;
        case Op::kEnd: if (pos == text.size()) stack.push_back(pc + 1); break;
        case Op::kSet: case Op::kMatch: list.pcs.push_back(pc); break;
      }
    }
  };
  add(current, 0, 0);
  for (size_t pos = 0; pos < text.size() && !current.pcs.empty(); ++pos) {
    next.pcs.clear();
    const auto byte = static_cast<uint8_t>(text[pos]);
    for (int pc : current.pcs) {
      const Inst& in = program_[static_cast<size_t>(pc)];
      if (in.op == Op::kSet && sets_[static_cast<size_t>(in.x)].test(byte)) add(next, pc + 1, pos + 1);
    }
    std::swap(current, next);
  }
  for (int pc : current.pcs) {
    if (program_[static_cast<size_t>(pc)].op == Op::kMatch) return true;
  }
  return false;
}

}  // namespace dmlc::app::policy
