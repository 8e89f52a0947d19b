#include "models/benign.h"

#include <array>
#include <utility>

namespace tenscan::models {

namespace {

// A name matches a prefix when it is the prefix or starts with the prefix and a dot.
constexpr std::array<std::pair<std::string_view, std::string_view>, 61> kBenign{{
    // reading and writing files: what they read reaches tensors as data tenscan cannot see
    {"open", "I/O"}, {"io", "I/O"}, {"os", "I/O"}, {"pathlib", "I/O"}, {"shutil", "I/O"}, {"glob", "I/O"},
    {"json", "I/O"}, {"csv", "I/O"}, {"pickle", "I/O"}, {"h5py", "I/O"}, {"yaml", "I/O"}, {"zipfile", "I/O"},
    {"tarfile", "I/O"}, {"gzip", "I/O"}, {"tempfile", "I/O"}, {"urllib", "I/O"}, {"requests", "I/O"},
    {"torch.save", "I/O"}, {"torch.onnx", "I/O"}, {"torch.hub", "I/O"}, {"torch.serialization", "I/O"},
    {"torchvision.io", "I/O"}, {"input", "I/O"},
    // error codes of the OS calls that read and write files (`errno.EEXIST`)
    {"errno", "I/O"},
    // six.moves.urllib is urllib (core/models/stubs/six); this names the submodules imported
    // through it (`from six.moves.urllib.request import urlopen`)
    {"six.moves.urllib", "I/O"},
    // progress, logs and experiment trackers
    {"print", "logging"}, {"logging", "logging"}, {"warnings", "logging"}, {"tqdm", "logging"},
    {"torch.utils.tensorboard", "logging"}, {"tensorboardX", "logging"}, {"wandb", "logging"}, {"mlflow", "logging"},
    {"pprint", "logging"}, {"traceback", "logging"},
    // text processing of what was read (tokenising lines, parsing names)
    {"re", "text"}, {"string", "text"},
    // figures
    {"matplotlib", "plotting"}, {"seaborn", "plotting"}, {"visdom", "plotting"}, {"plotly", "plotting"},
    // a notebook's display() and its IPython shell
    {"IPython", "plotting"},
    // clocks
    {"time", "timing"}, {"datetime", "timing"}, {"timeit", "timing"},
    // seeds, threads and back-end switches
    {"random.seed", "configuration"}, {"numpy.random.seed", "configuration"}, {"torch.manual_seed", "configuration"},
    {"torch.cuda.manual_seed", "configuration"}, {"torch.cuda.manual_seed_all", "configuration"},
    {"torch.set_num_threads", "configuration"}, {"torch.set_printoptions", "configuration"},
    {"torch.backends", "configuration"}, {"torch.multiprocessing.set_start_method", "configuration"},
    {"torch.autograd.set_detect_anomaly", "configuration"}, {"torch.use_deterministic_algorithms", "configuration"},
    {"signal", "configuration"}, {"platform", "configuration"},
    // reinforcement-learning environments: gym/gymnasium are modelled (core/models/stubs/
    // gymnasium: make() of the registered environments, spaces, wrappers); what those stubs
    // leave out (gymnasium.vector, make_vec, utils, ...) and ale_py give data, like a file's
    {"gym", "environment"}, {"gymnasium", "environment"}, {"ale_py", "environment"},
}};

}  // namespace

std::string_view benign_reason(std::string_view api) {
  if (api.rfind("import ", 0) == 0) api.remove_prefix(7);
  for (const auto& [prefix, reason] : kBenign)
    if (api.rfind(prefix, 0) == 0 && (api.size() == prefix.size() || api[prefix.size()] == '.')) return reason;
  return {};
}

}  // namespace tenscan::models
