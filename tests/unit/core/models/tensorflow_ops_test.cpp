// TensorFlow's ops beyond the core shape ops (models/stubs/tensorflow: _control.py, _indexing.py,
// image.py, sets.py, losses.py, math.confusion_matrix, nn.nce_loss, tf.assign, tf.app.flags)
// and Keras's data checks: each op's result shape and its faults, as TensorFlow's shape
// functions and Python checks raise them.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using tenscan_test::analyze_program;

TEST_CASE("tensorflow/while_loop: the shape invariants and the body's shapes after one iteration",
          "[models][tensorflow]") {
  auto r = analyze_program(
      "import tensorflow as tf\n"
      "i = tf.constant(0)\n"
      "x = tf.ones((1, 3))\n"
      "def cond(i, x):\n"
      "    return i < 10\n"
      "def body(i, x):\n"
      "    return [i + 1, tf.concat([x, x], axis=0)]\n"
      "_, a = tf.while_loop(cond, body, [i, x], shape_invariants=[i.get_shape(), tf.TensorShape([None, 3])])\n"
      "tenscan_reveal(a)\n"
      "tf.while_loop(cond, body, [i, x])\n"
      "tf.while_loop(cond, body, [i, x], shape_invariants=[i.get_shape(), tf.TensorShape([None])])\n"
      "tf.while_loop(cond, body, [i, x], shape_invariants=[tf.shape(i), tf.shape(x)])\n"
      "def same(i, x):\n"
      "    return [i + 1, x * 2]\n"
      "tenscan_reveal(tf.while_loop(cond, same, [i, x])[1])\n");
  CHECK(r.reveal_at(9).find("3] float32") != std::string::npos);
  CHECK(r.reveal_at(9).find("[1, 3]") == std::string::npos);  // (any iteration's number of rows)
  CHECK(r.findings() == std::vector<std::string>{"shape/size-mismatch@10", "shape/rank@11", "hparam/invalid-value@12"});
  REQUIRE(r.result.findings.size() == 3);
  CHECK(r.result.findings[0].message ==
        "Loop variable 1 enters the loop with shape (1, 3), but has shape (2, 3) after one iteration. To allow the "
        "shape to vary across iterations, use the `shape_invariants` argument of tf.while_loop to specify a "
        "less-specific shape.");
  CHECK(r.result.findings[1].message.find("It enters the loop with shape (1, 3), but the specified shape invariant "
                                          "is (?,).") != std::string::npos);
  CHECK(r.reveal_at(15) == "[1, 3] float32");
}

TEST_CASE("tensorflow/gather and gather_nd: the axes the indices replace", "[models][tensorflow]") {
  auto r = analyze_program(
      "import tensorflow as tf\n"
      "p = tf.zeros([10, 4, 6])\n"
      "tenscan_reveal(tf.gather(p, tf.constant([1, 2, 3]), axis=1))\n"
      "tenscan_reveal(tf.gather(p, tf.zeros([5, 2], dtype=tf.int32)))\n"
      "tenscan_reveal(tf.gather_nd(p, tf.zeros([7, 2], dtype=tf.int32)))\n"
      "tenscan_reveal(tf.gather_nd(p, [[0, 1, 2]]))\n"
      "tf.gather(p, [0], axis=3)\n"
      "tf.gather_nd(p, tf.zeros([7, 4], dtype=tf.int32))\n"
      "tf.gather_nd(p, tf.constant(1))\n");
  CHECK(r.reveal_at(3) == "[10, 3, 6] float32");
  CHECK(r.reveal_at(4) == "[5, 2, 4, 6] float32");
  CHECK(r.reveal_at(5) == "[7, 6] float32");
  CHECK(r.reveal_at(6) == "[1] float32");
  CHECK(r.findings() == std::vector<std::string>{"shape/dim-out-of-range@7", "shape/dim-out-of-range@8", "shape/rank@9"});
  REQUIRE(r.result.findings.size() == 3);
  // (graph construction's words, with TensorFlow 1's context)
  CHECK(r.result.findings[0].message ==
        "Shape must be at least rank 4 but is rank 3 for 'GatherV2' (op: 'GatherV2') with input shapes: [10,4,6], [1], [].");
  CHECK(r.result.findings[1].message ==
        "indices.shape[-1] must be <= params.rank, but saw indices shape: [7,4] and params shape: [10,4,6] for 'GatherNd' "
        "(op: 'GatherNd') with input shapes: [10,4,6], [7,4].");
  CHECK(r.result.findings[2].message ==
        "Shape must be at least rank 1 but is rank 0 for 'GatherNd' (op: 'GatherNd') with input shapes: [10,4,6], [].");
}

TEST_CASE("tensorflow/image, sets, confusion_matrix, nce_loss and assign check their operands' shapes",
          "[models][tensorflow]") {
  auto r = analyze_program(
      "import numpy as np\n"
      "import tensorflow as tf\n"
      "boxes = np.random.random((1, 500, 4)).astype(np.float32)\n"
      "scores = np.random.random((1, 500)).astype(np.float32)\n"
      "tf.image.non_max_suppression(boxes, scores, 7)\n"
      "tenscan_reveal(tf.image.non_max_suppression(boxes[0], scores[0], 7))\n"
      "images = tf.zeros([100, 100, 3, 5])\n"
      "tf.image.random_crop(images, size=(20, 20))\n"
      "tenscan_reveal(tf.random_crop(images, size=(20, 20, 3, 5)))\n"
      "tf.sets.intersection(tf.constant([1, 2, 3]), tf.constant([2, 4, 5]))\n"
      "tf.sets.intersection(tf.constant([[1, 2, 3]]), tf.constant([[2, 4, 5]]))\n"
      "onehot = tf.zeros([2048, 2], dtype=tf.int32)\n"
      "tf.confusion_matrix(labels=onehot, predictions=onehot)\n"
      "tenscan_reveal(tf.math.confusion_matrix(tf.argmax(onehot, 1), tf.argmax(onehot, 1), num_classes=2))\n"
      "w = tf.Variable(tf.zeros([10, 4]))\n"
      "x = tf.zeros([8, 32])\n"
      "tf.nn.nce_loss(weights=w, biases=tf.zeros([10]), labels=tf.zeros([8, 1]), inputs=x, num_sampled=1,\n"
      "               num_classes=10)\n"
      "tenscan_reveal(tf.nn.nce_loss(w, tf.zeros([10]), tf.zeros([8, 1]), tf.zeros([8, 4]), 1, 10))\n"
      "v = tf.Variable(tf.zeros([100, 1]))\n"
      "tf.assign(v, tf.zeros([100, 100]))\n"
      "tf.assign(v, tf.zeros([100, 100]), validate_shape=False)\n"
      "tf.assign(v, tf.ones([100, 1]))\n");
  CHECK(r.findings() == std::vector<std::string>{"shape/rank@5", "shape/rank@8", "shape/rank@10", "shape/rank@13",
                                                 "shape/matmul-inner-dim@17", "shape/size-mismatch@21"});
  CHECK(r.reveal_at(6).find("int32") != std::string::npos);
  CHECK(r.reveal_at(9) == "[20, 20, 3, 5] float32");
  CHECK(r.reveal_at(14) == "[2, 2] int32");
  CHECK(r.reveal_at(19) == "[8] float32");
}

TEST_CASE("keras/data cardinality: every array of x and y holds the same number of samples", "[models][keras]") {
  auto r = analyze_program(
      "import numpy as np\n"
      "from tensorflow.keras.models import Model\n"
      "from tensorflow.keras.layers import Input, Dense, Concatenate\n"
      "from tensorflow.keras import initializers\n"
      "a = Input(shape=(54,))\n"
      "b = Input(shape=(162,))\n"
      "h = Dense(8, kernel_initializer=initializers.he_normal())(Concatenate()([a, b]))\n"
      "model = Model(inputs=[a, b], outputs=Dense(3)(h))\n"
      "model.compile(optimizer='adam', loss='mse')\n"
      "one = np.zeros((1, 54))\n"
      "aux = np.zeros((162,))\n"
      "model.predict([one, aux])\n"
      "model.predict([one, np.zeros((1, 162))])\n"
      "model.fit([np.zeros((10, 54)), np.zeros((10, 162))], np.zeros((12, 3)))\n");
  CHECK(r.findings() == std::vector<std::string>{"shape/size-mismatch@12", "shape/size-mismatch@14"});
  REQUIRE(r.result.findings.size() == 2);
  CHECK(r.result.findings[0].message ==
        "Data cardinality is ambiguous: x sizes: 1, 162. Make sure all arrays contain the same number of samples.");
  CHECK(r.result.findings[1].message ==
        "Data cardinality is ambiguous: x sizes: 10, 10, y sizes: 12. Make sure all arrays contain the same number of "
        "samples.");
  REQUIRE(r.result.findings[0].related.size() == 2);
  CHECK(r.result.findings[0].related[1].range.line == 11);
  CHECK(r.result.findings[0].related[1].message == "x[1] got its number of samples here");
}

TEST_CASE("tensorflow/TF1 graph code: tf.losses, contrib.layers, scopes, iterators and residual cells",
          "[models][tensorflow]") {
  // in graph code tf.losses assert that the predictions' static shape is compatible with the
  // labels' (losses_impl.py); a residual cell adds its input to its output
  auto r = analyze_program(
      "import numpy as np\n"
      "import tensorflow as tf\n"
      "x = tf.placeholder(tf.float32, [None, 13])\n"
      "y = tf.placeholder(tf.float32, [None])\n"
      "with tf.variable_scope('net', reuse=tf.AUTO_REUSE) as scope:\n"
      "    h = tf.contrib.layers.fully_connected(x, 8)\n"
      "    out = tf.contrib.layers.fully_connected(h, 1, activation_fn=None)\n"
      "tenscan_reveal(out)\n"
      "tf.losses.mean_squared_error(labels=y, predictions=out)\n"
      "tf.losses.mean_squared_error(labels=tf.expand_dims(y, 1), predictions=out)\n"
      "ds = tf.data.Dataset.from_tensor_slices(np.zeros((10, 2), dtype=np.float32)).batch(5, drop_remainder=True)\n"
      "tenscan_reveal(ds.make_one_shot_iterator().get_next())\n"
      "cell = tf.contrib.rnn.ResidualWrapper(tf.contrib.rnn.BasicLSTMCell(128))\n"
      "tf.nn.dynamic_rnn(cell, tf.zeros([4, 7, 83]), dtype=tf.float32)\n"
      "tf.nn.dynamic_rnn(tf.contrib.rnn.ResidualWrapper(tf.contrib.rnn.GRUCell(83)), tf.zeros([4, 7, 83]), dtype=tf.float32)\n");
  CHECK(r.reveal_at(8).find(", 1] float32") != std::string::npos);
  CHECK(r.reveal_at(12) == "[5, 2] float32");
  CHECK(r.findings() == std::vector<std::string>{"shape/loss-target@9", "shape/size-mismatch@14"});
  REQUIRE(r.result.findings.size() == 2);
  CHECK(r.result.findings[0].message == "Shapes (?, 1) and (?,) are incompatible");

  // TensorFlow 2's tf.losses are Keras's: they broadcast, no static check
  auto v2 = analyze_program(
      "import tensorflow as tf\n"
      "loss = tf.losses.mean_squared_error(tf.zeros([8]), tf.zeros([8, 1]))\n"
      "fn = tf.losses.SparseCategoricalCrossentropy()\n");
  CHECK(v2.findings().empty());
}

TEST_CASE("tensorflow/tf.app.flags (absl.flags): defaults, the command line, tf.app.run calling main",
          "[models][tensorflow]") {
  const std::string program =
      "import tensorflow as tf\n"
      "flags = tf.app.flags\n"
      "flags.DEFINE_integer('batch_size', 64, 'The size of batch images')\n"
      "flags.DEFINE_float('learning_rate', 0.0002, 'Learning rate')\n"
      "flags.DEFINE_string('dataset', 'celebA', 'The name of dataset')\n"
      "flags.DEFINE_boolean('train', False, 'True for training')\n"
      "flags.DEFINE_boolean('crop', True, 'Crop the images')\n"
      "FLAGS = flags.FLAGS\n"
      "def main(_):\n"
      "    tenscan_reveal((FLAGS.batch_size, FLAGS.learning_rate, FLAGS.dataset, FLAGS.train, FLAGS.crop))\n"
      "    tf.matmul(tf.zeros([FLAGS.batch_size, 10]), tf.zeros([11, 3]))\n"
      "if __name__ == '__main__':\n"
      "    tf.app.run()\n";
  auto defaults = analyze_program(program);
  CHECK(defaults.reveal_at(10) == "(64, 0.0002, 'celebA', False, True)");
  CHECK(defaults.findings() == std::vector<std::string>{"shape/matmul-inner-dim@11"});
  auto given = analyze_program(program, {"--batch_size=10", "--train", "--nocrop", "--dataset", "mnist"});
  CHECK(given.reveal_at(10) == "(10, 0.0002, 'mnist', True, False)");
}

TEST_CASE("tensorflow/a session made in an endless evaluation loop leaves the loop's state as it was",
          "[models][tensorflow][engine]") {
  // cifar10_eval.py's shape: evaluate every few minutes, forever; the loop is a fixpoint after
  // one iteration (making the session must not grow the stub's state, or it is unrolled until
  // the work budget stops the path)
  auto r = analyze_program(
      "import time\n"
      "import numpy as np\n"
      "import tensorflow as tf\n"
      "def eval_once(op):\n"
      "    with tf.Session() as sess:\n"
      "        total = 0\n"
      "        for step in range(79):\n"
      "            total += np.sum(sess.run([op]))\n"
      "        print(total / (79 * 128))\n"
      "x = tf.placeholder(tf.float32, [None, 10])\n"
      "op = tf.reduce_sum(x, 1)\n"
      "while True:\n"
      "    eval_once(op)\n"
      "    time.sleep(60)\n");
  CHECK(r.findings().empty());
  CHECK(r.result.completeness.complete);
  CHECK(r.result.completeness.paths_stopped == 0);
}

TEST_CASE("keras/MultiHeadAttention: the query's shape out, scores per head, value and key agree",
          "[models][keras]") {
  auto r = analyze_program(
      "import tensorflow as tf\n"
      "enc = tf.keras.layers.Embedding(5000, 64)(tf.keras.Input(shape=(40,)))\n"
      "dec = tf.keras.layers.Embedding(5000, 64)(tf.keras.Input(shape=(12,)))\n"
      "x = tf.keras.layers.MultiHeadAttention(num_heads=4, key_dim=16)(dec, dec)\n"
      "out, scores = tf.keras.layers.MultiHeadAttention(4, 16, output_shape=32)(x, enc, return_attention_scores=True)\n"
      "tenscan_reveal(out)\n"
      "tenscan_reveal(scores)\n"
      "tf.keras.layers.MultiHeadAttention(num_heads=4, key_dim=16)(x, enc, key=dec)\n"
      "tf.keras.layers.MultiHeadAttention(num_heads=0, key_dim=16)\n");
  CHECK(r.reveal_at(6) == "[batch, 12, 32] float32");
  CHECK(r.reveal_at(7) == "[batch, 4, 12, 40] float32");
  CHECK(r.findings() == std::vector<std::string>{"shape/size-mismatch@8", "hparam/invalid-value@9"});
}

TEST_CASE("tensorflow/shapes written as an int, np.float32 of a list, tf.shape of what tenscan cannot see",
          "[models][tensorflow]") {
  auto r = analyze_program(
      "import numpy as np\n"
      "import tensorflow as tf\n"
      "import mystery\n"
      "y = tf.placeholder(shape=(1), name='outputs', dtype=tf.int32)\n"
      "tenscan_reveal(y)\n"
      "tenscan_reveal(np.float32([np.zeros(62) for _ in range(10)]))\n"
      "n = tf.shape(mystery.batch())[0]\n"
      "tenscan_reveal(tf.TensorShape(3).as_list())\n");
  CHECK(r.reveal_at(5) == "[1] int32");
  CHECK(r.reveal_at(6) == "[10, 62] float32");
  CHECK(r.reveal_at(8) == "[3]");
  CHECK(r.findings().empty());
  for (const auto& n : r.result.notifications) CHECK(n.kind != tenscan::Notification::Kind::Unsupported);
}

TEST_CASE("keras/a functional model's layers, in Keras's order, each built for the input it was first given",
          "[models][keras]") {
  // the autoencoder's last layer was built on 128 features: reused as a decoder on the 32-wide
  // code it fails its InputSpec (SFData s44472693)
  auto r = analyze_program(
      "from tensorflow.keras.layers import Input, Dense, Concatenate\n"
      "from tensorflow.keras.models import Model\n"
      "img = Input(shape=(784,))\n"
      "code = Dense(32, activation='relu')(Dense(128, activation='relu')(img))\n"
      "out = Dense(784, activation='sigmoid')(Dense(128, activation='relu')(code))\n"
      "auto = Model(img, out)\n"
      "tenscan_reveal([type(l).__name__ for l in auto.layers])\n"
      "tenscan_reveal(auto.get_layer(index=-1).units)\n"
      "two = Model([img, code], Concatenate()([img, code]))\n"
      "tenscan_reveal(len(two.layers))\n"
      "Model(Input(shape=(32,)), auto.layers[-1](Input(shape=(32,))))\n"
      "Model(Input(shape=(32,)), auto.layers[-2](Input(shape=(32,))))\n");
  CHECK(r.reveal_at(7) == "['InputLayer', 'Dense', 'Dense', 'Dense', 'Dense']");
  CHECK(r.reveal_at(8) == "784");
  CHECK(r.reveal_at(10) == "3");  // (two InputLayers and the Concatenate: code is an input of this model)
  CHECK(r.findings() == std::vector<std::string>{"shape/matmul-inner-dim@11"});
}

TEST_CASE("keras/weights=[...] and set_weights: each array against the weight it sets", "[models][keras]") {
  auto r = analyze_program(
      "import numpy as np\n"
      "from tensorflow.keras.models import Sequential\n"
      "from tensorflow.keras.layers import Embedding, Dense, LSTM\n"
      "glove = np.random.random((412457, 400)).astype('float32')\n"
      "model = Sequential()\n"
      "model.add(Embedding(43, 100, weights=[glove], input_length=100, trainable=False))\n"
      "ok = Sequential([Embedding(412457, 400, weights=[glove], input_length=100), LSTM(8), Dense(1)])\n"
      "d = ok.layers[-1]\n"
      "d.set_weights([np.zeros((8, 1)), np.zeros((1,))])\n"
      "d.set_weights([np.zeros((8, 1))])\n"
      "d.set_weights([np.zeros((1, 8)), np.zeros((1,))])\n");
  CHECK(r.findings() == std::vector<std::string>{"shape/size-mismatch@6", "shape/size-mismatch@10",
                                                 "shape/size-mismatch@11"});
  REQUIRE(r.result.findings.size() == 3);
  CHECK(r.result.findings[0].message ==
        "Layer embedding weight shape (43, 100) is not compatible with provided weight shape (412457, 400).");
}

TEST_CASE("tensorflow/matmul before 1.14: MatMul of matrices, BatchMatMul of equal batch shapes", "[models][tensorflow]") {
  const std::string program =
      "import tensorflow as tf\n"
      "a = tf.ones((5, 2))\n"
      "b = tf.ones((2, 2, 3))\n"
      "tenscan_reveal(tf.matmul(a, b))\n"                              // 4: rank 2 x rank 3
      "tenscan_reveal(tf.matmul(tf.ones((2, 3, 4)), tf.ones((5, 4, 6))))\n"  // 5: batches 2 and 5
      "tenscan_reveal(tf.matmul(tf.ones((7, 2, 3, 4)), tf.ones((2, 4, 6))))\n"  // 6: batch ranks 2 and 1
      "tenscan_reveal(tf.matmul(tf.ones((2, 3, 4)), tf.ones((2, 4, 6))))\n"  // 7: equal batches
      "tenscan_reveal(tf.__version__)\n";
  // (no version declared: the latest TensorFlow, whose matmul broadcasts the batches)
  auto latest = analyze_program(program);
  CHECK(latest.findings() == std::vector<std::string>{"shape/broadcast@5"});
  CHECK(latest.reveal_at(4) == "[2, 5, 3] float32");
  CHECK(latest.reveal_at(6) == "[7, 2, 3, 6] float32");
  tenscan::AnalysisOptions options;
  options.library_versions = {{"tensorflow", "1.8.0"}};
  auto old = analyze_program(program, {}, options);
  CHECK(old.findings() == std::vector<std::string>{"shape/rank@4", "shape/size-mismatch@5", "shape/rank@6"});
  REQUIRE(old.result.findings.size() == 3);
  CHECK(old.result.findings[0].message ==
        "Shape must be rank 2 but is rank 3 for 'MatMul' (op: 'MatMul') with input shapes: [5,2], [2,2,3].");
  CHECK(old.result.findings[1].message ==
        "Dimension 0 in both shapes must be equal, but are 2 and 5. Shapes are [2] and [5]. for 'MatMul' (op: "
        "'BatchMatMul') with input shapes: [2,3,4], [5,4,6].");
  CHECK(old.result.findings[2].message ==
        "Shapes must be equal rank, but are 2 and 1 for 'MatMul' (op: 'BatchMatMul') with input shapes: [7,2,3,4], "
        "[2,4,6].");
  CHECK(old.reveal_at(7) == "[2, 3, 6] float32");
  CHECK(old.reveal_at(8) == "'1.8.0'");
  options.library_versions = {{"tensorflow", "1.14.0"}};
  CHECK(analyze_program(program, {}, options).findings() == latest.findings());
}

TEST_CASE("tensorflow/placeholder: an op built on a placeholder of unknown rank is checked at the runs that feed it",
          "[models][tensorflow]") {
  auto r = analyze_program(
      "import numpy as np\n"
      "import tensorflow as tf\n"
      "x = tf.placeholder('float')\n"
      "b = tf.placeholder(tf.float32, [None, 3])\n"
      "w = tf.Variable(tf.zeros([784, 10]))\n"
      "y = tf.matmul(x, w)\n"
      "labels = tf.placeholder(tf.float32)\n"
      "loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=tf.matmul(b, tf.zeros([3, 2])))\n"
      "sess = tf.Session()\n"
      "sess.run(y, feed_dict={x: np.zeros((5, 784))})\n"    // (fits)
      "sess.run(loss, feed_dict={b: np.zeros((4, 3)), labels: np.zeros((4, 2))})\n"
      "sess.run(y, feed_dict={x: np.zeros((5, 100))})\n"
      "sess.run(loss, feed_dict={b: np.zeros((8, 3)), labels: np.zeros((2, 8))})\n"
      "sess.run(y, feed_dict={x: [[0] * 784, [1] * 784]})\n");  // (ints, cast to the placeholder's float)
  // (reported at the ops, each run that fed the failing value a related place; the batch the
  // run feeds b read as its size)
  CHECK(r.findings() == std::vector<std::string>{"shape/matmul-inner-dim@6", "shape/loss-target@8"});
  REQUIRE(r.result.findings.size() == 2);
  // (whether a run computes an op depends on its fetches, which tenscan does not trace: warnings)
  CHECK(r.result.findings[0].level == tenscan::Level::Warning);
  CHECK(r.result.findings[1].message == "logits and labels must be broadcastable: logits_size=[8,2] labels_size=[2,8]");
  const auto& rel = r.result.findings[1].related;
  CHECK(std::any_of(rel.begin(), rel.end(), [](const auto& x) { return x.range.line == 13; }));
}
