# scikit-learn: only what moves a training script's arrays (model_selection.train_test_split);
# any other name is an unmodelled API.
