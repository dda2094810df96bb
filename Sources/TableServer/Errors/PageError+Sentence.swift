import TableKit

/// How an error's description reads in an answer, page or JSON alike.
extension PageError {
    /// The description as a sentence: a capital first letter and a closing stop. The modules'
    /// descriptions begin in lower case, as they are read inside log lines and other messages
    /// too; the server's own are sentences already and are left as they are.
    /// Cut short past `longestMessage` characters: a message may repeat what was sent (a path, a
    /// key), and a page or JSON need not echo 60 KB of it back.
    var sentence: String { Self.sentence(DocumentText.shortened(description, to: Self.longestMessage)) }

    static var longestMessage: Int { 2_000 }

    /// `text` as a sentence. A first word that is not all lower-case letters (a name such as
    /// `endUpdates()` or `iOS`) keeps its case; a stop is added unless one ends the text, before
    /// any closing quotes and brackets (`… or '.'`).
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let firstWord = text.prefix { !$0.isWhitespace }
        let startsWithPlainWord = firstWord.allSatisfy { $0.isLowercase || $0 == "-" || $0 == "'" || $0 == "’" }
        let capitalized = first.isLowercase && startsWithPlainWord ? first.uppercased() + text.dropFirst() : text
        let ending = text.reversed().first { !"'\"’”)]".contains($0) }
        return ending.map { ".!?…".contains($0) } == true ? capitalized : capitalized + "."
    }
}
