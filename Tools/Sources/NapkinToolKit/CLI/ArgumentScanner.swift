/// Splits a command's arguments into positional ones and `--option value` pairs.
struct ArgumentScanner {
  var positional: [String] = []
  var options: [String: String] = [:]
  var wantsHelp = false

  /// - Parameters:
  ///   - arguments: the arguments after the command name.
  ///   - valued: the options that take a value (`--format`, `--parent`...).
  ///   - command: the command's name, for messages.
  init(_ arguments: [String], valued: Set<String>, command: String) throws(UsageError) {
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      if argument == "--help" || argument == "-h" {
        wantsHelp = true
        continue
      }
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      guard valued.contains(name) else {
        throw UsageError(
          message: "unknown option '\(name)' for 'napkin \(command)'; "
            + "see 'napkin \(command) --help'")
      }
      if value == nil {
        guard index < arguments.count else {
          throw UsageError(
            message: "option '\(name)' needs a value; see 'napkin \(command) --help'")
        }
        value = arguments[index]
        index += 1
      }
      options[name] = value
    }
  }
}
