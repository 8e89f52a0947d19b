# sys: argv comes from `tenscan check SCRIPT -- ARGS`.
import _tenscan

argv = _tenscan.argv()
version = "3.11.0"
version_info = (3, 11, 0)
platform = "linux"
maxsize = 9223372036854775807
path = []
modules = {}
stdout = _tenscan.unknown("sys.stdout")
stderr = _tenscan.unknown("sys.stderr")


def exit(code=None):
    raise SystemExit(code)
