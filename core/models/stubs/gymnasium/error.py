# gymnasium.error (gymnasium/error.py): the exception classes scripts catch
class Error(Exception):
    pass


class UnregisteredEnv(Error):
    pass


class NameNotFound(UnregisteredEnv):
    pass


class VersionNotFound(UnregisteredEnv):
    pass


class DeprecatedEnv(Error):
    pass


class DependencyNotInstalled(Error):
    pass


class ResetNeeded(Exception):
    pass


class InvalidAction(Exception):
    pass


class InvalidBound(Exception):
    pass


class ClosedEnvironmentError(Exception):
    pass
