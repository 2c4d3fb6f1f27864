/// A command line split into options and positionals: the three examples' one argument parser.
///
/// ```swift
/// var arguments = try Arguments(
///   try RawArguments.decoded(RawArguments.current(), program: "Shop"), program: "Shop",
///   options: [Arguments.Option("--timeout", takes: "a number of seconds, e.g. `--timeout 5`")])
/// if arguments.wantsHelp { ... }
/// let command = arguments.nextPositional()
/// let timeout = arguments.take("--timeout")
/// try arguments.finish()  // refuses what the command did not take
/// ```
///
/// The rules, the same for every program: `--name value` and `--name=value`; each option at most
/// once; `-h` or `--help` asks for help; `--` ends the options; an argument that reads as a
/// number (`-5`) is a positional. With ``OptionPlacement/beforeTheCommand`` options end at the
/// first positional, so that a note's text may start with `-`. Every refusal is a ``UsageError``
/// whose message names the argument (``TerminalText/echoed(_:)``: escaped, cut to one length) and
/// says what to type instead; the program exits with ``ExitCode/usage``. The programs take their
/// arguments through ``RawArguments``, so one that is not UTF-8 is refused (exit 64), never
/// changed.
///
/// Threading: a value type used by one caller.
public nonisolated struct Arguments: Sendable {
  /// An option the program accepts: its name and, for one that takes a value, what the value is.
  public struct Option: Sendable {
    /// The name, with its dashes: `--base-url`.
    public let name: String
    /// What the value is, with an example, as the refusal of a missing value says it: "a link,
    /// e.g. `--open profile/alice`".
    public let value: String

    /// An option that takes a value.
    public init(_ name: String, takes value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Where options may stand.
  public enum OptionPlacement: Sendable {
    /// Anywhere on the line.
    case anywhere
    /// Before the first positional (the command) only; everything after it is positional.
    case beforeTheCommand
  }

  /// Whether `-h` or `--help` was given (where an option may stand).
  public let wantsHelp: Bool
  private let program: String
  private var positionals: [String] = []
  private var values: [String: String] = [:]

  /// Splits `arguments` (without the program's name), refusing an unknown option, an option
  /// without its value and an option given twice, in the order they appear.
  public init(
    _ arguments: some Sequence<String>, program: String, options: [Option],
    placement: OptionPlacement = .anywhere
  ) throws(UsageError) {
    self.program = program
    let known = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var help = false
    var optionsEnded = false
    var remaining = Array(arguments)[...]
    while let argument = remaining.popFirst() {
      guard !optionsEnded, argument.hasPrefix("-"), argument != "-", Int(argument) == nil else {
        positionals.append(argument)
        if placement == .beforeTheCommand { optionsEnded = true }
        continue
      }
      switch argument {
      case "--": optionsEnded = true
      case "-h", "--help": help = true
      default:
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let option = known[name] else {
          throw UsageError("unknown option `\(Self.shown(name))`. Try `\(program) --help`.")
        }
        let value = parts.count == 2 ? String(parts[1]) : remaining.popFirst()
        guard let value, !value.isEmpty else {
          throw UsageError("\(name) needs \(option.value).")
        }
        guard values.updateValue(value, forKey: name) == nil else {
          throw UsageError("\(name) is given twice; give it once.")
        }
      }
    }
    wantsHelp = help
  }

  /// The next positional, in order, or `nil` when none is left.
  public mutating func nextPositional() -> String? {
    positionals.isEmpty ? nil : positionals.removeFirst()
  }

  /// Every positional not taken yet, which are then taken.
  public mutating func remainingPositionals() -> [String] {
    defer { positionals = [] }
    return positionals
  }

  /// The value of option `name`, if it was given; the option is then taken.
  public mutating func take(_ name: String) -> String? {
    values.removeValue(forKey: name)
  }

  /// Refuses anything the command did not take: an option that does not apply to it, or an
  /// argument too many.
  public func finish() throws(UsageError) {
    if let option = values.keys.sorted().first {
      throw UsageError("\(option) does not apply to this command. Try `\(program) --help`.")
    }
    if let extra = positionals.first {
      throw UsageError("unexpected argument `\(Self.shown(extra))`. Try `\(program) --help`.")
    }
  }

  /// An argument as a refusal shows it: escaped, and cut short, since it may be anything.
  static func shown(_ argument: String) -> String {
    TerminalText.echoed(argument)
  }
}

/// A command line the program cannot run, with what to type instead; the program exits with
/// ``ExitCode/usage``.
public nonisolated struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The sentence to print after the program's name.
  public let description: String

  /// A refusal saying `description`.
  public init(_ description: String) {
    self.description = description
  }
}
