# scikit-learn: only what moves a training script's arrays (model_selection.train_test_split,
# utils.shuffle, the preprocessing scalers); any other name is an unmodelled API.
