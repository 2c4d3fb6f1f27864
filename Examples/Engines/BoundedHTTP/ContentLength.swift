import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The checks of a reply's framing that URLSession (curl, on Linux) does not make, or makes
/// without saying which one failed.
nonisolated enum ContentLength {
  /// Why a reply's `Content-Length` (as URLSession joins repeated headers: `"5, 60"`) must be
  /// refused, or `nil` when it is absent or one valid length.
  ///
  /// Identical repeats are allowed, as RFC 9110 (section 8.6) permits; lengths that disagree are
  /// refused, because curl would use the last and an intermediary might use the first.
  static func refusal(_ header: String?) -> ServerError.Reason? {
    guard let header else { return nil }
    let values = header.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    for value in values where value.isEmpty || !value.utf8.allSatisfy(isDigit) {
      return .invalidContentLength(value)
    }
    return Set(values).count > 1 ? .conflictingContentLengths(header) : nil
  }

  /// The reason behind a transfer error that curl raised, told apart by curl's message (they all
  /// arrive as `URLError.unknown`), or `nil` when the message names none of them.
  ///
  /// Before the answer's head has arrived, or after interim replies only (`afterInterimReply`), a
  /// header limit means the head never ended; after it, only what concerns the body is told.
  static func curlRefusal(
    _ error: URLError, afterResponse: Bool, afterInterimReply: Bool
  ) -> ServerError.Reason? {
    let message = (error as NSError).localizedDescription.lowercased()
    // CURLE_BAD_CONTENT_ENCODING: "Unrecognized content encoding type", or "Error while
    // processing content unencoding" for a body that is not in the encoding it names.
    if message.contains("content encoding") { return .unknownContentEncoding }
    if message.contains("unencoding") { return .undecodableBody }
    guard !afterResponse else { return nil }
    if message.contains("content-length") { return .invalidContentLength("") }
    // curl stops at its header limit with "Too large response headers" (a flood of small lines,
    // or of interim replies, each of which curl counts), "Out of memory" (one huge line, before
    // 8.7) or CURLE_TOO_LARGE's "grew larger than allowed"; before the head has arrived nothing
    // else is that large.
    if message.contains("too large response headers") || message.contains("out of memory")
      || message.contains("larger than allowed") || message.contains("header too large")
    {
      return afterInterimReply ? .interimRepliesFlood : .headersTooLarge
    }
    return nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
