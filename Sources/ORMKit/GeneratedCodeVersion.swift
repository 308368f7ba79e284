/// Marks the version of the contract between `ormgen` output and this runtime.
///
/// Every generated file references this type. Code generated for a newer runtime references a newer
/// marker (`ORMKitGeneratedCodeVersion_2`, …) and fails to compile against this runtime, instead of
/// misbehaving at run time. Regenerate with the `ormgen` that matches your ORMKit version.
public enum ORMKitGeneratedCodeVersion_1 {}
