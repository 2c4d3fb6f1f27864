/// JSON read and written with stacks of its own: Foundation's JSONDecoder refuses a document
/// nested more than 512 levels (a 256-deep napkin tree, since each napkin is an object in its
/// parent's `children` array), and its JSONEncoder refuses as deep a value. Here the depth is
/// the caller's bound, and no depth can overflow the thread's stack.
enum SnapshotJSON {
  /// A JSON value. Numbers keep their text, so that an integer is read exactly.
  indirect enum Value: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([Value])
    case object([String: Value])
  }

  /// Why a text was not read as JSON.
  enum ParseError: Error, Equatable {
    /// Not JSON, from this byte on.
    case invalid(offset: Int)
    /// Arrays and objects nested deeper than the bound.
    case tooDeep
  }

  /// An array or object being read: what it holds so far.
  private struct Open {
    var isArray: Bool
    var items: [Value] = []
    var members: [String: Value] = [:]
    var key = ""
  }

  /// The value `bytes` hold, with arrays and objects nested at most `maximumDepth` levels.
  static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(ParseError) -> Value {
    var reader = Reader(bytes: bytes)
    var stack: [Open] = []
    while true {
      reader.skipSpace()
      var value: Value
      switch reader.peek {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < maximumDepth else { throw .tooDeep }
        let isArray = reader.peek == UInt8(ascii: "[")
        reader.offset += 1
        reader.skipSpace()
        if reader.take(isArray ? "]" : "}") {
          value = isArray ? .array([]) : .object([:])
        } else {
          var open = Open(isArray: isArray)
          if !isArray { open.key = try reader.key() }
          stack.append(open)
          continue
        }
      default:
        value = try reader.scalar()
      }
      // The value is whole: it goes into the array or object around it, which may end too.
      while true {
        guard !stack.isEmpty else {
          reader.skipSpace()
          guard reader.offset == bytes.count else { throw .invalid(offset: reader.offset) }
          return value
        }
        let top = stack.count - 1
        if stack[top].isArray {
          stack[top].items.append(value)
        } else {
          stack[top].members[stack[top].key] = value
        }
        reader.skipSpace()
        if reader.take(",") {
          if !stack[top].isArray {
            reader.skipSpace()
            stack[top].key = try reader.key()
          }
          break
        }
        guard reader.take(stack[top].isArray ? "]" : "}") else {
          throw .invalid(offset: reader.offset)
        }
        let closed = stack.removeLast()
        value = closed.isArray ? .array(closed.items) : .object(closed.members)
      }
    }
  }

  /// `value` as JSON text, keys sorted, `"key" : value` as JSONOutput writes them, every
  /// character a terminal or a script could take for something else escaped.
  static func text(_ value: Value) -> String {
    var out = ""
    var stack: [(items: [(key: String?, value: Value)], next: Int, close: String)] = []
    func open(_ value: Value) {
      switch value {
      case .array(let items) where !items.isEmpty:
        out += "["
        stack.append((items.map { (key: String?.none, value: $0) }, 0, "]"))
      case .object(let members) where !members.isEmpty:
        out += "{"
        let sorted = members.sorted { $0.key < $1.key }
        stack.append((sorted.map { (key: Optional($0.key), value: $0.value) }, 0, "}"))
      case .array: out += "[]"
      case .object: out += "{}"
      case .null: out += "null"
      case .bool(let flag): out += flag ? "true" : "false"
      case .number(let text): out += text
      case .string(let text): out += quoted(text)
      }
    }
    open(value)
    while let top = stack.indices.last {
      let next = stack[top].next
      guard next < stack[top].items.count else {
        out += stack.removeLast().close
        continue
      }
      stack[top].next += 1
      if next > 0 { out += ", " }
      let item = stack[top].items[next]
      if let key = item.key { out += quoted(key) + " : " }
      open(item.value)
    }
    return out
  }

  /// A JSON string literal; controls, the line separators and the bidirectional controls as
  /// `\uXXXX`.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if TerminalText.isUnsafeInName(scalar) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
