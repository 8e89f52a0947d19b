// join_scalars: the one mechanism by which the scalars of several sides at one place join
// (interp/join.h). The site's ScalarJoin here records what it was asked, so each case checks
// both the result and which of the site's hooks the mechanism used.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interp/join.h"

using tenscan::domain::FloatRange;
using tenscan::interp::join_scalars;
using tenscan::interp::ScalarJoin;
using tenscan::interp::Value;
using tenscan::interp::VKind;
namespace sym = tenscan::sym;

namespace {

struct Recording {
  std::vector<std::string> asked;
  ScalarJoin how;
  Recording() {
    how.ints = [this](const std::vector<Value>& v) {
      asked.push_back("ints " + std::to_string(v.size()));
      return Value::integer(sym::Expr::symbol(100));
    };
    how.bools = [this](const std::vector<Value>& v) {
      asked.push_back("bools " + std::to_string(v.size()));
      return Value::boolean(sym::Cond::boolean_symbol(101));
    };
    how.flag = [this](const std::vector<sym::Cond>& whens) {
      asked.push_back("flag " + std::to_string(whens.size()));
      return sym::Cond::boolean_symbol(102);
    };
  }
};

}  // namespace

TEST_CASE("join: equal values are themselves, and no hook is asked", "[join]") {
  Recording r;
  auto v = join_scalars(r.how, {Value::integer(3), Value::integer(3), Value::integer(3)});
  REQUIRE(v);
  CHECK(v->i.as_const() == 3);
  CHECK(r.asked.empty());
}

TEST_CASE("join: ints and bools that differ are the site's; floats their hull", "[join]") {
  Recording r;
  auto i = join_scalars(r.how, {Value::integer(1), Value::integer(2)});
  REQUIRE(i);
  CHECK(i->i == sym::Expr::symbol(100));
  auto b = join_scalars(r.how, {Value::boolean(true), Value::boolean(false)});
  REQUIRE(b);
  CHECK(b->b == sym::Cond::boolean_symbol(101));
  auto f = join_scalars(r.how, {Value::floating(1.0), Value::floating(4.0), Value::floating(2.0)});
  REQUIRE(f);
  CHECK(f->f == FloatRange::between(1.0, 4.0));
  CHECK(r.asked == std::vector<std::string>{"ints 2", "bools 2"});
}

TEST_CASE("join: None, ints and floats of two kinds become a choice, kind by kind", "[join]") {
  Recording r;
  // an int on the first side, a float on the second: a choice, the int under the site's flag
  auto c = join_scalars(r.how, {Value::integer(20), Value::floating(5.0)});
  REQUIRE(c);
  REQUIRE(c->kind == VKind::Choice);
  CHECK(c->b == sym::Cond::boolean_symbol(102));
  CHECK(c->alternative(0).kind == VKind::Int);
  CHECK(c->alternative(0).i.as_const() == 20);
  CHECK(c->alternative(1).f == FloatRange::point(5.0));
  CHECK(r.asked == std::vector<std::string>{"flag 2"});
  // that choice joined with another float: the floats join, the int stays
  auto d = join_scalars(r.how, {*c, Value::floating(1.25)});
  REQUIRE(d);
  REQUIRE(d->kind == VKind::Choice);
  CHECK(d->alternative(1).f == FloatRange::between(1.25, 5.0).with_reached(true, true, false));  // (two floats: no interior)
  CHECK(d->alternative(0).i.as_const() == 20);
}

TEST_CASE("join: what no scalar can stand for is no join", "[join]") {
  Recording r;
  CHECK_FALSE(join_scalars(r.how, {Value::integer(1), Value::floating(1.0), Value::none()}));  // three kinds
  CHECK_FALSE(join_scalars(r.how, {Value::boolean(true), Value::integer(1)}));                 // a bool beside an int
  CHECK_FALSE(join_scalars(r.how, {Value::str("a"), Value::str("b")}));
  CHECK_FALSE(join_scalars(r.how, {Value::object(7), Value::object(8)}));
  ScalarJoin floats_only;  // a site that joins floats and nothing else
  CHECK_FALSE(join_scalars(floats_only, {Value::integer(1), Value::integer(2)}));
  CHECK(r.asked.empty());
}

TEST_CASE("join: a kind only one side holds is the site's to place", "[join]") {
  Recording r;
  std::vector<std::size_t> sides;
  r.how.one_sided = [&](const Value& v, std::size_t side, const std::vector<Value>&) {
    sides.push_back(side);
    return v.kind == VKind::Float ? Value::floating(FloatRange::top()) : v;
  };
  auto c = join_scalars(r.how, {Value::none(), Value::floating(0.5)});
  REQUIRE(c);
  CHECK(sides == std::vector<std::size_t>{0, 1});
  CHECK(c->alternative(0).kind == VKind::None);
  CHECK(c->alternative(1).f.is_top());
}
