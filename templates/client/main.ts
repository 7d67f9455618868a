// Entry of the client script: each widget enhancer runs independently.
