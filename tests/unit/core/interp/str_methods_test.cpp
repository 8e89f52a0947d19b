// The str methods of the builtins (core/interp/builtins.cpp, one table row per method):
// exact on known ASCII strings, an unknown of the right type otherwise; index/partition raise
// like CPython. Expected values are what CPython 3.11 prints for the same expressions.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using tenscan_test::check_program;

TEST_CASE("interp: str methods compute what CPython computes", "[interp][str]") {
  check_program(R"py(
tenscan_reveal("Conv2d".find("Conv"))  # reveal: 0
tenscan_reveal("BatchNorm2d".find("Conv"))  # reveal: -1
tenscan_reveal("BatchNorm2d".find("Norm", 6))  # reveal: -1
tenscan_reveal("banana".find("a", -2))  # reveal: 5
tenscan_reveal("banana".rfind("an"))  # reveal: 3
tenscan_reveal("banana".rfind("a", 0, 3))  # reveal: 1
tenscan_reveal("banana".index("n"))  # reveal: 2
tenscan_reveal("banana".rindex("n"))  # reveal: 4
tenscan_reveal("banana".count("an"))  # reveal: 2
tenscan_reveal("banana".count(""))  # reveal: 7
tenscan_reveal("aaa".count("aa"))  # reveal: 1
tenscan_reveal("conv1.weight".startswith(("bn", "conv")))  # reveal: True
tenscan_reveal("model.pth".endswith(".pt"))  # reveal: False
tenscan_reveal("banana".startswith("an", 1))  # reveal: True
tenscan_reveal("x,y,,z".split(",", 2))  # reveal: ['x', 'y', ',z']
tenscan_reveal("  a b  c ".split(None, 1))  # reveal: ['a', 'b  c ']
tenscan_reveal("  a b  c ".rsplit(None, 1))  # reveal: ['  a b', 'c']
tenscan_reveal("a.b.c".rsplit(".", 1))  # reveal: ['a.b', 'c']
tenscan_reveal("l1\nl2\r\nl3".splitlines())  # reveal: ['l1', 'l2', 'l3']
tenscan_reveal([len(x) for x in "l1\nl2\r\n".splitlines(True)])  # reveal: [3, 4]
tenscan_reveal("ckpt_epoch_3.pth".partition("_"))  # reveal: ('ckpt', '_', 'epoch_3.pth')
tenscan_reveal("ckpt_epoch_3.pth".rpartition("_"))  # reveal: ('ckpt_epoch', '_', '3.pth')
tenscan_reveal("nopart".rpartition("_"))  # reveal: ('', '', 'nopart')
tenscan_reveal("abc".center(8, "*"))  # reveal: '**abc***'
tenscan_reveal("abc".ljust(5, "-"))  # reveal: 'abc--'
tenscan_reveal("abc".rjust(5))  # reveal: '  abc'
tenscan_reveal("-42".zfill(6))  # reveal: '-00042'
tenscan_reveal("hello wORLD".title())  # reveal: 'Hello World'
tenscan_reveal("hello wORLD".capitalize())  # reveal: 'Hello world'
tenscan_reveal("Hello".swapcase())  # reveal: 'hELLO'
tenscan_reveal("model.pth".removesuffix(".pth"))  # reveal: 'model'
tenscan_reveal("model.pth".removeprefix("mod"))  # reveal: 'el.pth'
tenscan_reveal("abc".replace("", "-"))  # reveal: '-a-b-c-'
tenscan_reveal("aaaa".replace("a", "b", 2))  # reveal: 'bbaa'
tenscan_reveal("xxabcxx".strip("x"))  # reveal: 'abc'
tenscan_reveal("abc".isalpha())  # reveal: True
tenscan_reveal("ab1".isalnum())  # reveal: True
tenscan_reveal(" \t".isspace())  # reveal: True
tenscan_reveal("abc1".islower())  # reveal: True
tenscan_reveal("ABC1".isupper())  # reveal: True
tenscan_reveal("Hello World".istitle())  # reveal: True
tenscan_reveal("_x1".isidentifier())  # reveal: True
tenscan_reveal("1x".isidentifier())  # reveal: False
tenscan_reveal("".isdigit())  # reveal: False
try:
    "banana".index("z")
except ValueError as e:
    tenscan_reveal(e.args[0])  # reveal: 'substring not found'
try:
    "a".partition("")
except ValueError as e:
    tenscan_reveal(e.args[0])  # reveal: 'empty separator'
text = open("labels.txt").read()
tenscan_reveal(text.find("x"))  # reveal: unknown
tenscan_reveal("héllo".upper())  # reveal: str
tenscan_reveal("héllo".endswith("llo"))  # reveal: True
)py");
}
