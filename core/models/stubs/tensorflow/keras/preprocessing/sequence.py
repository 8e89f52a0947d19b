# tf.keras.preprocessing.sequence: the keras stub's
from keras.preprocessing.sequence import pad_sequences
