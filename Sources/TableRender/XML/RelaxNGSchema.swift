import CLibXML2
import Foundation

/// A compiled RelaxNG schema that validates documents and reports every violation with its line.
public final class RelaxNGSchema: @unchecked Sendable {
    // libxml2 only reads a compiled schema while validating, but it keeps no promise about
    // concurrent readers; the lock makes sharing one schema across tasks safe.
    private let schema: xmlRelaxNGPtr
    private let lock = NSLock()

    /// Compiles the schema in `text`; `file` names it in error messages.
    public init(text: String, file: String) throws(RenderError) {
        xmlInitParser()
        let compiled: xmlRelaxNGPtr? = text.utf8CString.withUnsafeBufferPointer { buffer in
            guard let parser = xmlRelaxNGNewMemParserCtxt(buffer.baseAddress, Int32(buffer.count - 1)) else { return nil }
            defer { xmlRelaxNGFreeParserCtxt(parser) }
            return xmlRelaxNGParse(parser)
        }
        guard let compiled else { throw .invalidSchema(file) }
        schema = compiled
    }

    deinit { xmlRelaxNGFree(schema) }

    /// Parses `text` and validates it; an empty list means the document is well-formed and valid.
    public func validate(_ text: String, file: String) -> [XMLDiagnostic] {
        let (problems, parseDiagnostics) = LibXML.withDocument(text, file: file) { document in
            validate(document: document, file: file)
        }
        return parseDiagnostics + (problems ?? [])
    }

    /// Validates a parsed document.
    func validate(document: xmlDocPtr, file: String) -> [XMLDiagnostic] {
        let collector = DiagnosticCollector(file: file)
        lock.lock()
        defer { lock.unlock() }
        guard let context = xmlRelaxNGNewValidCtxt(schema) else {
            return [XMLDiagnostic(file: file, line: 0, column: 0, message: "libxml2 could not make a RelaxNG validation context")]
        }
        defer { xmlRelaxNGFreeValidCtxt(context) }
        let box = Unmanaged.passRetained(collector)
        defer { box.release() }
        xmlRelaxNGSetValidStructuredErrors(context, { userData, error in
            guard let userData, let error else { return }
            Unmanaged<DiagnosticCollector>.fromOpaque(userData).takeUnretainedValue().record(error.pointee)
        }, box.toOpaque())
        if xmlRelaxNGValidateDoc(context, document) != 0, collector.diagnostics.isEmpty {
            collector.record(XMLDiagnostic(file: file, line: 0, column: 0, message: "the page does not match the markup contract"))
        }
        return collector.diagnostics
    }
}
