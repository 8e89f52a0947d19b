# sys: argv comes from `tenscan check SCRIPT -- ARGS`.
import _tenscan

argv = _tenscan.argv()
version = "3.11.0"
version_info = (3, 11, 0)
platform = "linux"
maxsize = 9223372036854775807
path = []
modules = {}


class _TextStream:
    # sys.stdout and sys.stderr: what a training script writes changes no value tenscan tracks
    encoding = "utf-8"

    def __init__(self, name):
        self.name = name

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not " + type(s).__name__)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        return None

    def isatty(self):
        return False

    def fileno(self):
        return 1 if self.name == "<stdout>" else 2


stdout = _TextStream("<stdout>")
stderr = _TextStream("<stderr>")
__stdout__ = stdout
__stderr__ = stderr


def exit(code=None):
    raise SystemExit(code)
