import Testing
// Foundation beside libxml2 in one module is what clashed over ICU before the shim's #undef.
import Foundation
import CLibXML2

/// The system-library module imports cleanly in Swift 6 (no ICU clash, `xmlFree` callable) and
/// reports errors per parser context, the way the validators will use it.
@Suite("libxml2 through the CLibXML2 module")
struct CLibXML2Tests {
    /// Collects the messages a parser context reports, with their lines.
    final class Collector {
        var errors: [(line: Int32, message: String)] = []
    }

    /// Parses `text` with a context whose errors go to its own collector, not to global state.
    static func parse(_ text: String) -> (parsed: Bool, errors: [(line: Int32, message: String)]) {
        xmlInitParser()
        guard let context = xmlNewParserCtxt() else { return (false, []) }
        defer { xmlFreeParserCtxt(context) }
        let collector = Collector()
        let box = Unmanaged.passRetained(collector)
        defer { box.release() }
        context.pointee._private = box.toOpaque()
        context.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let owner = context.pointee._private else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? ""
            Unmanaged<Collector>.fromOpaque(owner).takeUnretainedValue()
                .errors.append((error.pointee.line, message.trimmingCharacters(in: .newlines)))
        }
        let bytes = Array(text.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32($0.count), "test.xml", nil,
                                  Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue))
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        return (document != nil && context.pointee.wellFormed != 0, collector.errors)
    }

    @Test("a well-formed document parses and its attribute is read and freed through the shim")
    func wellFormedDocument() throws {
        let text = #"<main data-table-style="plain"><section data-section="0"/></main>"#
        // Called outside `#require`: its expansion would pass the strings' temporary C copies on
        // after they are freed (AddressSanitizer caught libxml2 copying a freed file name).
        let parsed = xmlReadMemory(text, Int32(text.utf8.count), "page.xml", nil, 0)
        let document = try #require(parsed)
        defer { xmlFreeDoc(document) }
        let root = try #require(xmlDocGetRootElement(document))
        let property = xmlGetProp(root, "data-table-style")
        let value = try #require(property)
        defer { tablestack_xmlFree(value) }
        #expect(String(cString: value) == "plain")
        #expect(Self.parse(text).parsed)
    }

    @Test("a mismatched end tag is reported with its line through the context's own handler")
    func malformedDocumentReportsLine() {
        let result = Self.parse("<main>\n<section>\n</main>\n")
        #expect(!result.parsed)
        #expect(result.errors.first?.line == 3)
        #expect(result.errors.first?.message.contains("mismatch") == true)
    }
}
