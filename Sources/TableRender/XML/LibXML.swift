import CLibXML2
import Foundation

/// The one door to libxml2: parses XML and validates it against RelaxNG, and hands back plain
/// Swift values. Errors are collected per parser or validation context, never through libxml2's
/// per-thread global handler, so concurrent calls on any thread do not mix their messages.
public enum LibXML {
    private static let initialized: Void = { xmlInitParser() }()

    /// Parses `text` as XML; the tree is `nil` when the text is not well-formed.
    public static func parse(_ text: String, file: String) -> (root: XMLElement?, diagnostics: [XMLDiagnostic]) {
        let (root, diagnostics) = withDocument(text, file: file, root)
        return (root ?? nil, diagnostics)
    }

    /// The root element of a parsed document, as Swift values.
    static func root(_ document: xmlDocPtr) -> XMLElement? {
        xmlDocGetRootElement(document).map(convert)
    }

    /// Parses `text` and runs `body` on the document when it is well-formed.
    static func withDocument<T>(
        _ text: String, file: String, _ body: (xmlDocPtr) -> T
    ) -> (root: T?, diagnostics: [XMLDiagnostic]) {
        _ = initialized
        let collector = DiagnosticCollector(file: file)
        guard let context = xmlNewParserCtxt() else {
            return (nil, [XMLDiagnostic(file: file, line: 0, column: 0, message: "libxml2 could not make a parser")])
        }
        defer { xmlFreeParserCtxt(context) }
        let box = Unmanaged.passRetained(collector)
        defer { box.release() }
        context.pointee._private = box.toOpaque()
        context.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let owner = context.pointee._private else { return }
            Unmanaged<DiagnosticCollector>.fromOpaque(owner).takeUnretainedValue().record(error.pointee)
        }
        // No network, no entity expansion, no DTD loading: a page is judged as it stands.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document: xmlDocPtr? = text.utf8CString.withUnsafeBufferPointer { buffer in
            xmlCtxtReadMemory(context, buffer.baseAddress, Int32(buffer.count - 1), file, "UTF-8", options)
        }
        guard let document else { return (nil, collector.diagnostics) }
        defer { xmlFreeDoc(document) }
        guard context.pointee.wellFormed != 0, collector.diagnostics.isEmpty else { return (nil, collector.diagnostics) }
        return (body(document), collector.diagnostics)
    }

    /// Copies a libxml2 element and everything below it into Swift values.
    private static func convert(_ node: xmlNodePtr) -> XMLElement {
        var element = XMLElement(name: string(node.pointee.name), line: Int(xmlGetLineNo(node)))
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = string(current.pointee.name)
            let prefix = current.pointee.ns.map { string($0.pointee.prefix) } ?? ""
            if let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                element.attributes[prefix.isEmpty ? name : "\(prefix):\(name)"] = String(cString: value)
                tablestack_xmlFree(value)
            } else {
                element.attributes[prefix.isEmpty ? name : "\(prefix):\(name)"] = ""
            }
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                element.children.append(.element(convert(current)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = xmlNodeGetContent(current) {
                    element.children.append(.text(String(cString: content)))
                    tablestack_xmlFree(content)
                }
            default:
                break
            }
            child = current.pointee.next
        }
        return element
    }

    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

/// Gathers the errors one parser or validator reports.
final class DiagnosticCollector {
    let file: String
    private(set) var diagnostics: [XMLDiagnostic] = []

    init(file: String) { self.file = file }

    func record(_ error: xmlError) {
        guard error.level != XML_ERR_WARNING else { return }
        let message = error.message.map { String(cString: $0) } ?? "unknown libxml2 error"
        let column = error.domain == XML_FROM_PARSER.rawValue ? Int(error.int2) : 0
        diagnostics.append(XMLDiagnostic(file: file, line: Int(error.line), column: column,
                                         message: message.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func record(_ diagnostic: XMLDiagnostic) { diagnostics.append(diagnostic) }
}
