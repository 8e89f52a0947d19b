# absl (Abseil Python): its command-line flags and app.run, on the argparse stub (absl/flags.py).
