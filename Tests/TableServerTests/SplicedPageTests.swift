import Foundation
import NIOCore
import Testing
import TestSupport
import TableRender
@testable import TableServer

@Suite("Cached pages with a per-request token")
struct SplicedPageTests {
    static let marker = "@@token@@"

    @Test("the page splits at every marker, at the ends, side by side and past near misses")
    func splitting() {
        #expect(TextSplice.parts(of: "no marker", separatedBy: Self.marker) == [Array("no marker".utf8)])
        let text = "@@token@@a @@toke b@@token@@@@token@@ñ@@token@@"
        #expect(TextSplice.parts(of: text, separatedBy: Self.marker).map { String(decoding: $0, as: UTF8.self) }
            == text.components(separatedBy: Self.marker))
        #expect(TextSplice.parts(of: "@@token", separatedBy: Self.marker) == [Array("@@token".utf8)])
    }

    @Test("random texts over a few letters split as Foundation splits them, for markers with repeats")
    func randomSplitting() {
        var dice = SeededGenerator(seed: 11)
        for round in 0..<2_000 {
            let letters = ["a", "b", "ab", "é"]
            let marker = (0..<(1 + dice.next(below: 4))).map { _ in letters[dice.next(below: 2)] }.joined()
            let text = (0..<dice.next(below: 40)).map { _ in letters[dice.next(below: letters.count)] }.joined()
            let parts = TextSplice.parts(of: text, separatedBy: marker).map { String(decoding: $0, as: UTF8.self) }
            #expect(parts == text.components(separatedBy: marker), "round \(round): \(text) split at \(marker)")
        }
    }

    @Test("plain and gzip bodies carry the token in every place, for markers anywhere")
    func bodies() throws {
        let long = String(repeating: "<li class=\"row\">Row ñ</li>", count: 3_000)
        for text in [Self.marker + long, long + Self.marker, long + Self.marker + long + Self.marker + Self.marker + "end", long] {
            let page = SplicedPage(text, placeholder: Self.marker)
            let expected = Array(text.replacingOccurrences(of: Self.marker, with: "TOKEN-1").utf8)
            let plain = try #require(page.plain(token: "TOKEN-1")).flatMap { Array(buffer: $0) }
            #expect(plain == expected)
            #expect(page.length(token: "TOKEN-1") == expected.count)
            for token in ["TOKEN-1", "another-token"] {
                let zipped = try #require(page.gzip(token: token)).flatMap { Array(buffer: $0) }
                #expect(Gunzip.decompress(zipped) == Array(text.replacingOccurrences(of: Self.marker, with: token).utf8))
            }
        }
    }

    @Test("short parts go out in one buffer with the tokens around them, long parts as they are kept")
    func plainBuffers() throws {
        let long = String(repeating: "r", count: SplicedPage.longestCopied + 1)
        let limit = String(repeating: "s", count: SplicedPage.longestCopied)
        let m = Self.marker
        let cases: [(text: String, buffers: Int)] = [
            ("<head>" + m + long, 2),
            ("a" + m + long + m + "b" + m + "c" + m + m + long + m, 5),
            (m + long + m + long + m, 5),
            (Array(repeating: "<form>", count: 200).joined(separator: m), 1),
            (limit + m + limit, 1),
            (long + m + limit + m + long, 3),
        ]
        for (text, count) in cases {
            let page = SplicedPage(text, placeholder: m)
            for token in ["TOKEN-1", ""] {
                let buffers = try #require(page.plain(token: token))
                #expect(buffers.flatMap { Array(buffer: $0) } == Array(text.replacingOccurrences(of: m, with: token).utf8))
                #expect(buffers.count == count, "\(buffers.map(\.readableBytes))")
            }
        }
    }

    @Test("a page compressed while streamed is one gzip member, and is kept only with its token once in the first piece")
    func streamedCompression() throws {
        let rows = String(repeating: "<li class=\"row\">Row ñ</li>", count: 2_000)
        let cases: [(pieces: [String], isKept: Bool)] = [
            (["<head>" + Self.marker + "</head>" + rows, rows, rows + "<tail/>"], true),
            (["<head>" + rows, rows, "<tail/>"], true),
            (["<head>" + Self.marker + Self.marker + rows, "<tail/>"], false),
            (["<head>" + Self.marker + rows, rows + Self.marker, "<tail/>"], false),
            (["<head>", rows + Self.marker + rows, "<tail/>"], false),
            (["<only/>"], true),
        ]
        for (pieces, isKept) in cases {
            let text = pieces.joined()
            let stream = SplicedGzipStream(placeholder: Self.marker, token: "TOKEN-1")
            var sent: [UInt8] = []
            for (index, piece) in pieces.enumerated() {
                let bytes = try #require(stream.send(piece, isLast: index == pieces.count - 1))
                sent += Array(buffer: bytes)
            }
            #expect(Gunzip.decompress(sent) == Array(text.replacingOccurrences(of: Self.marker, with: "TOKEN-1").utf8))
            let kept = stream.page
            #expect((kept != nil) == isKept)
            if let kept {
                #expect(kept.plain(token: "x") == nil, "kept compressed only")
                #expect(kept.length(token: "another-token") == text.replacingOccurrences(of: Self.marker, with: "another-token").utf8.count)
                let zipped = try #require(kept.gzip(token: "another-token")).flatMap { Array(buffer: $0) }
                #expect(Gunzip.decompress(zipped) == Array(text.replacingOccurrences(of: Self.marker, with: "another-token").utf8))
            }
        }
    }
}
