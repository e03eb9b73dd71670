package consts

// Attempts is a count from another package.
const Attempts = 9
