import Diagnostics
import Foundation
import GraphQL
import Schema
import SwiftEmitter

/// What a watch session keeps from one run of the pipeline to the next, so that an edit redoes
/// only the work it affects: files whose text did not change are not parsed again, an unchanged
/// schema is not synthesized again, and operation classes whose input did not change are not
/// rendered again.
///
/// Every reuse is decided by comparing inputs (file text, the parsed schema files, the rendered
/// operation's model and context), never by timestamps, so a cached run gives the same result,
/// byte for byte, as a fresh one. One run at a time may use a cache.
public final class PipelineCache: @unchecked Sendable {
    private struct Parsed {
        var bytes: [UInt8]
        var document: Document
    }

    private struct Synthesized {
        /// The schema files the schema was built from, compared by identity (held, so that no new
        /// file can take the address of a freed one).
        var sources: [SourceFile]
        var schema: Schema?
        var diagnostics: [Diagnostic]
    }

    private let lock = NSLock()
    private var parsed: [String: Parsed] = [:]
    private var synthesized: Synthesized?
    private var renderCaches: [String: RenderCache] = [:]

    public init() {}

    /// The document parsed from `file` before, when the file's bytes are the same.
    func document(for file: SourceFile) -> Document? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = parsed[file.path], entry.bytes == file.bytes else { return nil }
        return entry.document
    }

    /// Keeps exactly these documents (those of files that no longer exist are dropped).
    func keep(documents: [Document]) {
        lock.lock()
        defer { lock.unlock() }
        parsed = Dictionary(documents.map { ($0.source.path, Parsed(bytes: $0.source.bytes, document: $0)) },
                            uniquingKeysWith: { _, last in last })
    }

    /// The schema built from exactly these documents before, if any.
    func schema(for documents: [Document]) -> (schema: Schema?, diagnostics: [Diagnostic])? {
        lock.lock()
        defer { lock.unlock() }
        guard let synthesized, synthesized.sources.count == documents.count,
              zip(synthesized.sources, documents).allSatisfy({ $0 === $1.source }) else { return nil }
        return (synthesized.schema, synthesized.diagnostics)
    }

    /// Records the schema built from `documents`; a new schema invalidates every rendered class.
    func keep(schema: Schema?, diagnostics: [Diagnostic], for documents: [Document]) {
        lock.lock()
        defer { lock.unlock() }
        synthesized = Synthesized(sources: documents.map(\.source), schema: schema, diagnostics: diagnostics)
        renderCaches = [:]
    }

    /// The render cache of one package (by folder), valid for the schema kept last.
    func renderCache(for package: String) -> RenderCache {
        lock.lock()
        defer { lock.unlock() }
        if let cache = renderCaches[package] { return cache }
        let cache = RenderCache()
        renderCaches[package] = cache
        return cache
    }
}
