# keras.optimizers: accepted, not modelled further (the learning rate's value is not checked yet)
class Optimizer:
    def __init__(self, learning_rate=0.001, *args, **kwargs):
        self.learning_rate = learning_rate

    def apply_gradients(self, grads_and_vars, *args, **kwargs):
        return None

    def minimize(self, loss, var_list=None, tape=None, *args, **kwargs):
        return None


class Adam(Optimizer):
    pass


class AdamW(Optimizer):
    pass


class SGD(Optimizer):
    pass


class RMSprop(Optimizer):
    pass


class Adagrad(Optimizer):
    pass


def get(identifier):
    return identifier
