# torch.distributed as one process of a process group sees it: init_process_group records the
# world size and rank it is given, and the queries fail as torch 1.13's do before it is called.
# Collectives work in place on tensors of the shapes every rank passes (the model checks this
# rank's arguments); what the other ranks hold is not known.
import builtins as _b

import _tenscan as _t

_group = []  # [world_size, rank] once init_process_group has run on this path

_NOT_INITIALIZED = "Default process group has not been initialized, please make sure to call init_process_group."


class ReduceOp:
    SUM = "sum"
    PRODUCT = "product"
    MIN = "min"
    MAX = "max"
    BAND = "band"
    BOR = "bor"
    BXOR = "bxor"
    AVG = "avg"


class Backend:
    GLOO = "gloo"
    NCCL = "nccl"
    MPI = "mpi"


def is_available():
    return True


def is_initialized():
    return _b.len(_group) > 0


def is_nccl_available():
    return False


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None):
    if _b.len(_group) > 0:
        raise RuntimeError("trying to initialize the default process group twice!")
    if world_size is None or _t.const_int(world_size) == -1:
        world_size = _t.symbol("world size", 1, "input")
    if rank is None or _t.const_int(rank) == -1:
        rank = _t.symbol("rank", 0, "input")
        _t.require(rank < world_size, "hparam/invalid-value", "rank ", rank, " must be below the world size ", world_size)
    _group.append(world_size)
    _group.append(rank)


def destroy_process_group(group=None):
    while _b.len(_group) > 0:
        _group.pop()


def _require_group():
    if _b.len(_group) == 0:
        raise RuntimeError(_NOT_INITIALIZED)


def get_world_size(group=None):
    _require_group()
    return _group[0]


def get_rank(group=None):
    _require_group()
    return _group[1]


def barrier(group=None, async_op=False, device_ids=None):
    _require_group()
    return None


def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    _require_group()
    return None


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, async_op=False):
    _require_group()
    return None


def broadcast(tensor, src, group=None, async_op=False):
    _require_group()
    return None


def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Fills tensor_list with every rank's tensor: one entry per rank, each of tensor's shape."""
    _require_group()
    _t.require(_b.len(tensor_list) == _group[0], "shape/size-mismatch",
               "allgather: invalid output tensor list at index 0 (expected length ", _group[0], ", got ",
               _b.len(tensor_list), ")")
    for i, out in _b.enumerate(tensor_list):
        _t.require(_t.shape(out) == _t.shape(tensor), "shape/size-mismatch", "allgather: invalid tensor size at index ",
                   i, " (expected ", tensor, ", got ", out, ")")
    return None


def new_group(ranks=None, timeout=None, backend=None, pg_options=None):
    _require_group()
    return _t.unknown("a process group")
