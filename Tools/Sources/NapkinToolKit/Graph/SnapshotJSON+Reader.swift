extension SnapshotJSON {
  /// The bytes of a JSON text and how far they are read: the scalars, strings and keys of
  /// ``SnapshotJSON/parse(_:maximumDepth:)``, which keeps the nesting.
  struct Reader {
    let bytes: [UInt8]
    var offset = 0

    /// The next byte, or 0 at the end (never valid there).
    var peek: UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    mutating func skipSpace() {
      while offset < bytes.count,
        [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset])
      {
        offset += 1
      }
    }

    /// Steps over `character` if it is next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard peek == UInt8(ascii: character) else { return false }
      offset += 1
      return true
    }

    /// An object's key and the colon after it.
    mutating func key() throws(ParseError) -> String {
      guard peek == UInt8(ascii: "\"") else { throw .invalid(offset: offset) }
      let key = try string()
      skipSpace()
      guard take(":") else { throw .invalid(offset: offset) }
      return key
    }

    /// A string, number, `true`, `false` or `null`.
    mutating func scalar() throws(ParseError) -> Value {
      switch peek {
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw .invalid(offset: offset)
      }
    }

    private mutating func literal(_ word: String, _ value: Value) throws(ParseError) -> Value {
      for byte in word.utf8 {
        guard peek == byte else { throw .invalid(offset: offset) }
        offset += 1
      }
      return value
    }

    /// A number as JSON writes them: `-`, digits without a leading zero, a fraction, an
    /// exponent.
    private mutating func number() throws(ParseError) -> Value {
      let start = offset
      _ = take("-")
      guard isDigit(peek) else { throw .invalid(offset: offset) }
      if !take("0") { digits() }
      if take(".") {
        guard isDigit(peek) else { throw .invalid(offset: offset) }
        digits()
      }
      if take("e") || take("E") {
        if !take("+") { _ = take("-") }
        guard isDigit(peek) else { throw .invalid(offset: offset) }
        digits()
      }
      return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func digits() {
      while isDigit(peek) { offset += 1 }
    }

    /// A string literal, its escapes decoded; refused if not UTF-8 or holding a raw control.
    mutating func string() throws(ParseError) -> String {
      let start = offset
      guard take("\"") else { throw .invalid(offset: offset) }
      var text: [UInt8] = []
      while true {
        guard offset < bytes.count else { throw .invalid(offset: start) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""):
          guard let string = String(validating: text, as: UTF8.self) else {
            throw .invalid(offset: start)
          }
          return string
        case UInt8(ascii: "\\"):
          try escape(into: &text)
        case 0..<0x20:
          throw .invalid(offset: offset - 1)
        default:
          text.append(byte)
        }
      }
    }

    private mutating func escape(into text: inout [UInt8]) throws(ParseError) {
      let byte = peek
      offset += 1
      let simple: [UInt8: UInt8] = [
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
        UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
      ]
      if let replacement = simple[byte] {
        text.append(replacement)
        return
      }
      guard byte == UInt8(ascii: "u") else { throw .invalid(offset: offset - 1) }
      var value = try hex4()
      // A surrogate pair stands for one scalar beyond the first plane.
      if (0xD800..<0xDC00).contains(value), take("\\"), take("u") {
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw .invalid(offset: offset) }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else { throw .invalid(offset: offset) }
      text.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(ParseError) -> UInt32 {
      guard offset + 4 <= bytes.count,
        bytes[offset..<offset + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
      else { throw .invalid(offset: offset) }
      offset += 4
      return value
    }
  }
}
