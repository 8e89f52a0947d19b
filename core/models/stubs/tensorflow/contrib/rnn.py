# tf.contrib.rnn: TensorFlow 1.x's recurrent cells and static_rnn (tensorflow/_rnn.py)
from tensorflow._rnn import (RNNCell, BasicRNNCell, GRUCell, BasicLSTMCell, LSTMCell, MultiRNNCell, DropoutWrapper,
                             ResidualWrapper, LSTMStateTuple, static_rnn)
