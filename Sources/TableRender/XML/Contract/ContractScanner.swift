import Foundation

/// A one-pass reading of a page's bytes that can only say "clean": well-formed, valid against the
/// markup contract's RelaxNG schema and true to every contract rule (`ContractRules`), with the
/// page's ids and links.
///
/// It knows the small part of XML that TableStack's own pages use (ASCII names, the predefined
/// entities and character references, comments, `<!DOCTYPE html>`, the XHTML namespace on the root
/// and `xml:lang`) and answers `nil` for anything else or anything wrong, so the caller then
/// asks libxml2, whose verdict and messages are the ones users see. Accepting is the one thing it
/// must never get wrong: a page it accepts is one libxml2, the schema and the rules accept, with
/// the same ids and links. The differential tests in `ContractScannerTests` hold it to that.
///
/// Its parts: `PageBytes` reads bytes and values, `ContractReader` walks the page's XML,
/// `ContractReader+Elements` applies the schema's structure and the contract rules to each element,
/// and `ContractReader+Parts` records parts of the page or takes them as given (`ContractPart`):
/// bytes taken as given are accepted on the strength of an earlier reading of the same bytes.
enum ContractScanner {
    /// What a clean page holds that an export needs.
    struct Clean: Equatable {
        var ids: Set<String>
        var links: [String]
        /// The readings of the parts it was shown (see `scan(_:parts:given:)`), and which of
        /// them it took as given, by number.
        var parts: [ContractPart?] = []
        var takenParts: [Int] = []
    }

    /// The fingerprint of the contract the scanner enforces: `markup-contract.rng` and the rules
    /// in `ContractRules`. It works only while the bundled contract is that one: an edited schema
    /// or a new rule sends every page to libxml2 until someone has brought the scanner in line
    /// and updated this (a test fails until then).
    static let contractFingerprint = "3d0de058aaed928d"

    /// The fingerprint of the contract as built: the bundled schema and the rules in code.
    static let currentFingerprint: String? = Bundle.module.url(forResource: "markup-contract", withExtension: "rng")
        .flatMap { FileManager.default.contents(atPath: $0.path) }
        .map(ContractRules.fingerprint(schema:))

    static let isCurrent = currentFingerprint == contractFingerprint

    /// The page's ids and links when it is certainly clean; `nil` when libxml2 must judge it.
    static func scan(_ html: String) -> Clean? {
        scan(html, parts: [], given: [:])
    }

    /// The same, recording what each of `parts` (byte ranges of `html`) gives the reading, or
    /// taking it from `given` where that holds the part's reading as an earlier scan of the same
    /// bytes recorded it (`ContractPart`).
    static func scan(_ html: String, parts: [Range<Int>?], given: [Int: ContractPart]) -> Clean? {
        guard isCurrent else { return nil }
        var html = html
        return html.withUTF8 { buffer in
            guard let start = buffer.baseAddress, !buffer.isEmpty else { return nil }
            var reader = ContractReader(PageBytes(start: start, count: buffer.count))
            reader.markParts(parts, given: given)
            guard var clean = reader.read() else { return nil }
            clean.parts = reader.foundParts
            clean.takenParts = reader.takenParts
            return clean
        }
    }
}
