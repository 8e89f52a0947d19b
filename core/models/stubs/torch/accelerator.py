# torch.accelerator (torch 2.6+): like torch.cuda, no accelerator is reported, so that device
# selection takes one path; shapes do not depend on the device.
def is_available():
    return False


def current_accelerator(check_available=False):
    return None


def device_count():
    return 0


def current_device_index():
    return -1


def set_device_index(device):
    return None


def synchronize(device=None):
    return None
