# torch.multiprocessing (PyTorch 1.13; the multiprocessing API it re-exports, CPython 3.11).
# A child process runs its target when it is started: the analysis follows the call
# target(*args, **kwargs) there, so that the training function a script hands to its workers
# (mnist_hogwild, distributed launchers) is checked like a direct call. An exception in the
# child does not reach the parent, as in a real child process: the parent sees exitcode 1.
import _tenscan as _t

_start_method = None
_METHODS = ["fork", "spawn", "forkserver"]


def get_all_start_methods():
    return list(_METHODS)


def set_start_method(method, force=False):
    global _start_method
    if _start_method is not None and not force:
        raise RuntimeError("context has already been set")
    if method is not None and method not in _METHODS:
        raise ValueError("cannot find context for " + repr(method))
    _start_method = method


def get_start_method(allow_none=False):
    if _start_method is None and not allow_none:
        return "fork"
    return _start_method


def get_context(method=None):
    if method is not None and method not in _METHODS:
        raise ValueError("cannot find context for " + repr(method))
    return _Context(method)


def cpu_count():
    # the machine's, unknown before the script runs (as os.cpu_count() is modelled)
    return _t.unknown("multiprocessing.cpu_count()")


def current_process():
    return _MainProcess()


def set_sharing_strategy(new_strategy):
    if new_strategy not in ["file_descriptor", "file_system"]:
        raise AssertionError()


def get_sharing_strategy():
    return "file_descriptor"


def get_all_sharing_strategies():
    return {"file_descriptor", "file_system"}


def freeze_support():
    return None


class ProcessError(Exception):
    pass


class ProcessRaisedException(ProcessError):
    pass


class ProcessExitedException(ProcessError):
    pass


class Process:
    def __init__(self, group=None, target=None, name=None, args=(), kwargs={}, *, daemon=None):
        if group is not None:
            raise AssertionError("group argument must be None for now")
        if target is not None and not callable(target):
            # CPython accepts it here and fails in the child's run(); the child's exit is 1
            pass
        self._target = target
        self._args = tuple(args)
        self._kwargs = dict(kwargs)
        self.name = name if name is not None else "Process-1"
        self.daemon = bool(daemon) if daemon is not None else False
        self._started = False
        self._closed = False
        self.exitcode = None
        self.pid = None

    def run(self):
        if self._target:
            self._target(*self._args, **self._kwargs)

    def start(self):
        if self._closed:
            raise ValueError("process object is closed")
        if self._started:
            raise AssertionError("cannot start a process twice")
        self._started = True
        self.pid = _t.unknown("pid")
        # the child runs now; what it raises stays in the child
        try:
            self.run()
            self.exitcode = 0
        except SystemExit as e:
            self.exitcode = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:
            self.exitcode = 1

    def join(self, timeout=None):
        if self._closed:
            raise ValueError("process object is closed")
        if not self._started:
            raise AssertionError("can only join a started process")
        return None

    def is_alive(self):
        if self._closed:
            raise ValueError("process object is closed")
        return False

    def terminate(self):
        return None

    def kill(self):
        return None

    def close(self):
        self._closed = True

    @property
    def ident(self):
        return self.pid


class _MainProcess:
    def __init__(self):
        self.name = "MainProcess"
        self.daemon = False
        self.exitcode = None
        self.pid = _t.unknown("pid")


class Queue:
    # the children run to completion when started, so what they put is there when the
    # parent reads; reading an empty queue would block forever in a real run: an unknown item
    def __init__(self, maxsize=0, *, ctx=None):
        self._items = []
        self._maxsize = maxsize
        self._closed = False

    def put(self, obj, block=True, timeout=None):
        if self._closed:
            raise ValueError("Queue " + repr(self) + " is closed")
        self._items.append(obj)

    def put_nowait(self, obj):
        self.put(obj, False)

    def get(self, block=True, timeout=None):
        if self._closed:
            raise ValueError("Queue " + repr(self) + " is closed")
        if not self._items:
            return _t.unknown("an item another process puts on the queue")
        return self._items.pop(0)

    def get_nowait(self):
        return self.get(False)

    def qsize(self):
        return len(self._items)

    def empty(self):
        return not self._items

    def full(self):
        return self._maxsize > 0 and len(self._items) >= self._maxsize

    def close(self):
        self._closed = True

    def join_thread(self):
        return None

    def cancel_join_thread(self):
        return None


class SimpleQueue:
    def __init__(self, *, ctx=None):
        self._items = []
        self._closed = False

    def put(self, obj):
        self._items.append(obj)

    def get(self):
        if not self._items:
            return _t.unknown("an item another process puts on the queue")
        return self._items.pop(0)

    def empty(self):
        return not self._items

    def close(self):
        self._closed = True


class JoinableQueue(Queue):
    def task_done(self):
        return None

    def join(self):
        return None


class Lock:
    def acquire(self, block=True, timeout=None):
        return True

    def release(self):
        return None

    def __enter__(self):
        return True

    def __exit__(self, *args):
        return False


class RLock(Lock):
    pass


class Event:
    def __init__(self):
        self._flag = False

    def is_set(self):
        return self._flag

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def wait(self, timeout=None):
        return self._flag


class Barrier:
    def __init__(self, parties, action=None, timeout=None):
        self.parties = parties

    def wait(self, timeout=None):
        return 0


class _Context:
    def __init__(self, method):
        self._method = method

    def get_start_method(self, allow_none=False):
        return self._method if self._method is not None else get_start_method(allow_none)

    def Process(self, *args, **kwargs):
        return Process(*args, **kwargs)

    def Queue(self, maxsize=0):
        return Queue(maxsize)

    def SimpleQueue(self):
        return SimpleQueue()

    def JoinableQueue(self, maxsize=0):
        return JoinableQueue(maxsize)

    def Lock(self):
        return Lock()

    def RLock(self):
        return RLock()

    def Event(self):
        return Event()

    def Barrier(self, parties, action=None, timeout=None):
        return Barrier(parties, action, timeout)

    def cpu_count(self):
        return cpu_count()


class ProcessContext:
    def __init__(self, processes):
        self.processes = processes

    def pids(self):
        return [p.pid for p in self.processes]

    def join(self, timeout=None):
        return True


def start_processes(fn, args=(), nprocs=1, join=True, daemon=False, start_method="spawn"):
    if start_method not in _METHODS:
        raise ValueError("cannot find context for " + repr(start_method))
    # every rank runs fn(rank, *args); the analysis follows rank 0 (the others differ only in
    # the rank); an exception in it is what the real call re-raises in the parent
    # (ProcessRaisedException), so it propagates
    args = tuple(args)
    fn(0, *args)
    if join:
        return None
    return ProcessContext([])


def spawn(fn, args=(), nprocs=1, join=True, daemon=False, start_method="spawn"):
    return start_processes(fn, args, nprocs, join, daemon, start_method)
