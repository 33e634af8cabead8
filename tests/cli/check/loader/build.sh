#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds the loader tests' programs: build.sh <nvcc> <output folder> [<ldconfig>]
#   lib/libk80.so   the library, sm_80 only
#   app             sm_90, needs libk80.so, DT_RUNPATH $ORIGIN/lib
#   app_rpath       the same with DT_RPATH (--disable-new-dtags)
#   app_plain       the same without a search path: found through LD_LIBRARY_PATH or the cache
#   app_path        DT_NEEDED lib/libk80.so: a path, relative to the current folder
#   lib/libneeds_k80.so  a shared library that needs libk80.so, without a search path
#   shadow/libk80.so     an sm_90 copy of the library, for LD_LIBRARY_PATH to put before app's own
#   not_elf/libk80.so    a text file of the library's name, which stops ld.so
#   cached/         a copy of the library, and ld.so.cache naming it, written by the real ldconfig
#   bad.cache       a file that is not a loader cache
#   tree/           a folder for `check DIR`: the program, the library, a text file, and links
#                   that point out of it (to a folder and to a library)
#   tree_host/      a folder whose only ELF file has no device code
#   runtime/        programs and the CUDA runtimes they need: app_cudart12 and app_cudart13 need
#                   libcudart.so.12 and .13 (host-compiler libraries of those names, whose file
#                   names carry the version as the real ones' do: 12.8.90, 13.0.96) through
#                   DT_RUNPATH; app_static is host code that nvcc links with its static runtime;
#                   libtable_12_4.so holds a table shaped like the runtime's API table (newest
#                   entry 12.4, 40 entries), libtable_short.so one too short to be it (31),
#                   table_exec_12_4 the same table in a position-dependent executable (.rodata);
#                   libk90_cudart.so, sm_90 code linked with the shared runtime (-cudart shared:
#                   DT_NEEDED libcudart.so.13)
#   runtime_tree/   a folder for `check DIR` of runtimes: app_cudart13 (DT_NEEDED
#                   libcudart.so.13), cudart13/libcudart.so.13.0.96, app_static (linked in)
set -eu
nvcc=$1
out=$2
ldconfig=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/lib" "$out/cached"
cd "$out"
"$nvcc" -shared -Xcompiler -fPIC -gencode arch=compute_80,code=sm_80 "$here/scale.cu" -o lib/libk80.so
"$nvcc" -gencode arch=compute_90,code=sm_90 "$here/app.cu" -c -o app.o
"$nvcc" -gencode arch=compute_90,code=sm_90 app.o -Llib -lk80 -Xlinker -rpath,'$ORIGIN/lib' -Xlinker --enable-new-dtags -o app
"$nvcc" -gencode arch=compute_90,code=sm_90 app.o -Llib -lk80 -Xlinker -rpath,'$ORIGIN/lib' -Xlinker --disable-new-dtags -o app_rpath
"$nvcc" -gencode arch=compute_90,code=sm_90 app.o -Llib -lk80 -o app_plain
# The library has no DT_SONAME, so linking it by path writes the path into DT_NEEDED.
"$nvcc" -gencode arch=compute_90,code=sm_90 app.o lib/libk80.so -o app_path
cp lib/libk80.so cached/libk80.so
printf 'int needs_k80() { return 0; }\n' > needs_k80.cpp
"${CXX:-c++}" -shared -fPIC needs_k80.cpp -Llib -Wl,--no-as-needed -lk80 -o lib/libneeds_k80.so
mkdir -p shadow not_elf
echo "a text file, long enough to hold an ELF header (64 bytes), but not ELF" > not_elf/libk80.so
"$nvcc" -shared -Xcompiler -fPIC -gencode arch=compute_90,code=sm_90 "$here/scale.cu" -o shadow/libk80.so
printf 'not a cache' > bad.cache
rm -f ld.so.cache
if [ -n "$ldconfig" ]; then
  printf '%s\n' "$out/cached" > ld.so.conf
  "$ldconfig" -X -C "$out/ld.so.cache" -f "$out/ld.so.conf"
fi
rm -rf tree outside tree_host
mkdir -p tree/lib outside tree_host
cp -L /bin/sh tree_host/sh
cp app tree/app
cp lib/libk80.so tree/lib/libk80.so
cp lib/libk80.so outside/libk80_outside.so
echo "not ELF" > tree/README.txt
ln -s ../outside tree/outside_folder
ln -s ../../outside/libk80_outside.so tree/lib/libk80_outside.so
rm -rf runtime
mkdir -p runtime/cudart12 runtime/cudart13
printf 'extern "C" int cudart_fake() { return 0; }\n' > runtime/fake.cpp
printf 'extern "C" int cudart_fake();\nint main() { return cudart_fake(); }\n' > runtime/main.cpp
for version in 12.8.90 13.0.96; do
  major=${version%%.*}
  "${CXX:-c++}" -shared -fPIC -Wl,-soname,libcudart.so.$major runtime/fake.cpp -o runtime/cudart$major/libcudart.so.$version
  ln -s libcudart.so.$version runtime/cudart$major/libcudart.so.$major
  "${CXX:-c++}" runtime/main.cpp runtime/cudart$major/libcudart.so.$major -Wl,-rpath,'$ORIGIN/cudart'$major \
    -Wl,--enable-new-dtags -o runtime/app_cudart$major
done
"$nvcc" "$here/host_only.cu" -o runtime/app_static
"$nvcc" -shared -Xcompiler -fPIC -cudart shared -gencode arch=compute_90,code=sm_90 "$here/scale.cu" \
  -o runtime/libk90_cudart.so
rm -rf runtime_tree
mkdir -p runtime_tree/cudart13
cp runtime/app_cudart13 runtime/app_static runtime_tree/
cp runtime/cudart13/libcudart.so.13.0.96 runtime_tree/cudart13/
# table NAME COUNT NEWEST: a library whose .data.rel.ro holds COUNT entries of the runtime's API
# table's shape ({null slot, version, 0, name}), versions rising to NEWEST.
table() {
  {
    printf 'struct Entry { void* slot; unsigned version; unsigned pad; const char* name; };\n'
    printf 'extern "C" __attribute__((used)) const Entry cudaarch_table[] = {\n'
    i=1
    while [ "$i" -lt "$2" ]; do printf '  {nullptr, 9000, 0, "cudaFunction%d"},\n' "$i"; i=$((i + 1)); done
    printf '  {nullptr, %d, 0, "cudaNewest"},\n};\n' "$3"
  } > runtime/$1.cpp
  "${CXX:-c++}" -shared -fPIC runtime/$1.cpp -o runtime/lib$1.so
}
table table_12_4 40 12040
table table_short 31 12040
# A position-dependent executable keeps the table in .rodata (nothing to relocate).
printf 'int main() { return 0; }\n' >> runtime/table_12_4.cpp
"${CXX:-c++}" -fno-pie -no-pie runtime/table_12_4.cpp -o runtime/table_exec_12_4
