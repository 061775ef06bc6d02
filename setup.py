"""Builds the compiled module bao_oracle._native for pip (pyproject.toml
holds the package's metadata).

The module is the CMake target bao_oracle_python, built by the project's own
CMakeLists.txt: a Release build of the library (tests and benchmarks off)
in setuptools' temporary folder, for the interpreter running pip. With
BAO_CMAKE_BUILD_DIR set to a configured build (build/dev, say), the target
is built there instead, reusing what that build has compiled; .ci/run does
so. Needs what setup.sh installs: cmake, g++, pybind11-dev, python3-dev and
the library's dependencies.
"""

import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        given = os.environ.get("BAO_CMAKE_BUILD_DIR")
        if given:
            build = os.path.abspath(given)
            if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
                sys.exit("setup.py: BAO_CMAKE_BUILD_DIR=%s holds no configured CMake build "
                         "(configure one: cmake --preset dev)" % given)
        else:
            build = os.path.join(os.path.abspath(self.build_temp), "cmake")
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            subprocess.check_call(["cmake", "-S", ROOT, "-B", build, *generator, "-DCMAKE_BUILD_TYPE=Release",
                                   "-DBAO_BUILD_TESTS=OFF", "-DBAO_BUILD_BENCH=OFF", "-DBAO_BUILD_PYTHON=ON",
                                   "-DPython_EXECUTABLE=" + sys.executable])
        jobs = str(os.cpu_count() or 1)
        subprocess.check_call(["cmake", "--build", build, "--target", "bao_oracle_python", "-j", jobs])
        built = glob.glob(os.path.join(build, "python", "bao_oracle", "_native*.so"))
        if len(built) != 1:
            sys.exit("setup.py: expected one compiled module in %s/python/bao_oracle, found %s" % (build, built))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)


setup(ext_modules=[Extension("bao_oracle._native", sources=[])], cmdclass={"build_ext": CMakeBuild})
